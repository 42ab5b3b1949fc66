import { Router } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import { documentRoute, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema, SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { UserId, UserType } from '../users';
import { ChangePasswordInput, EnableTwoFactorInput, ForgotPasswordInput, LoginInput, ReauthInput, RegisterInput, ResetPasswordInput, TotpCodeInput, VerifyLoginInput } from './auth.schemas';
import { AuthPayload, BackupCodesResult, ChangePasswordResult, SessionType, TwoFactorDisableResult, TwoFactorEnableResult, TwoFactorSetup, TwoFactorStatus, TwoFactorVerifyResult } from './auth.types';

/*
 * REST door for accounts, sessions and two-factor (docs/product.md#sessions,
 * #two-factor). Thin: the actor and the body go to the service; the answer is
 * the object it returns. Each path is registered in the OpenAPI document here.
 */

const tags = ['Auth'];

const Session = objectSchema(AuthPayload);
// The REST answer of a sign-in: a session, or (no token yet) the request for the second step.
const LoginResponse = z
  .union([
    z.object({ requiresTwoFactor: z.literal(false), token: z.string(), user: objectSchema(UserType) }),
    z.object({ requiresTwoFactor: z.literal(true), challengeId: z.string().openapi({ description: 'Send it back with the code to /api/auth/2fa/verify-login.' }) }),
  ])
  .openapi('LoginResponse');

documentRoute({
  method: 'post', path: '/api/auth/register', summary: 'Create an account and sign it in', tags, access: 'public', request: jsonBody(RegisterInput),
  responses: { 201: { description: 'The new session', schema: Session } },
  // 403: the registration policy refuses it (invitation only, company domains), or the administrator role once one exists.
  errors: [403, 409, 429],
});
documentRoute({
  method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', tags, access: 'public', request: jsonBody(LoginInput),
  responses: { 200: { description: 'A session, or requiresTwoFactor: continue with /api/auth/2fa/verify-login', schema: LoginResponse } },
  errors: [401, 429],
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/verify-login', summary: 'Second sign-in step: an authenticator or backup code', tags, access: 'public', request: jsonBody(VerifyLoginInput),
  responses: { 200: { description: 'The session', schema: Session } },
  errors: [401, 429],
});
documentRoute({
  method: 'get', path: '/api/auth/me', summary: 'The signed-in user', tags, access: 'user',
  responses: { 200: { description: 'The user', schema: objectSchema(UserType) } },
});
documentRoute({
  method: 'post', path: '/api/auth/logout', summary: "Sign out: ends this device's session only", tags, access: 'user',
  responses: { 200: { description: 'Signed out', schema: SuccessBody } },
});
documentRoute({
  method: 'get', path: '/api/auth/sessions', summary: "The caller's active sessions (devices), the most recently seen first", tags, access: 'user',
  responses: { 200: { description: 'The sessions; `current` marks the one making this request', schema: z.object({ data: z.array(objectSchema(SessionType)) }).openapi('SessionList') } },
});
documentRoute({
  method: 'delete', path: '/api/auth/sessions/{id}', summary: "Sign out one of the caller's sessions", tags, access: 'user',
  request: { params: z.object({ id: z.string().openapi({ description: 'A session id (uuid) from GET /api/auth/sessions.' }) }) },
  responses: { 204: { description: 'Ended', schema: null } },
  // Another user's session, an ended one, or an id that is not one: all simply not found.
  errors: [404],
});
documentRoute({
  method: 'post', path: '/api/auth/sessions/revoke-others', summary: 'Sign out everywhere else: ends every session but this one', tags, access: 'user',
  responses: { 200: { description: 'How many sessions ended', schema: z.object({ revoked: z.number().int() }).openapi('RevokedSessions') } },
});
documentRoute({
  method: 'get', path: '/api/auth/2fa/status', summary: 'Whether two-factor is on, and the backup codes left', tags, access: 'user',
  responses: { 200: { description: 'The status', schema: objectSchema(TwoFactorStatus) } },
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/setup', summary: 'Start two-factor setup: a new secret and its QR code', tags, access: 'user',
  responses: { 200: { description: 'The pending secret', schema: objectSchema(TwoFactorSetup) } },
  errors: [409],
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/verify', summary: 'Check an authenticator code', tags, access: 'user', request: jsonBody(TotpCodeInput),
  responses: { 200: { description: 'The code is valid', schema: objectSchema(TwoFactorVerifyResult) } },
  errors: [429],
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/enable', summary: 'Turn two-factor on with a current code and the password', tags, access: 'user', request: jsonBody(EnableTwoFactorInput),
  responses: { 200: { description: 'On: the backup codes (shown once) and a fresh token', schema: objectSchema(TwoFactorEnableResult) } },
  errors: [409, 429],
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/disable', summary: 'Turn two-factor off (password or current code)', tags, access: 'user', request: jsonBody(ReauthInput),
  responses: { 200: { description: 'Off, with a fresh token', schema: objectSchema(TwoFactorDisableResult) } },
  errors: [409, 429],
});
documentRoute({
  method: 'post', path: '/api/auth/2fa/backup-codes/regenerate', summary: 'Replace the backup codes (password or current code)', tags, access: 'user', request: jsonBody(ReauthInput),
  responses: { 200: { description: 'The new codes and a fresh token', schema: objectSchema(BackupCodesResult) } },
  errors: [409, 429],
});

documentRoute({
  method: 'post', path: '/api/auth/change-password', summary: 'A new password: every other session ends', tags, access: 'user', request: jsonBody(ChangePasswordInput),
  responses: { 200: { description: 'Changed, with a fresh token', schema: objectSchema(ChangePasswordResult) } },
  // 400 also for a wrong current password, which counts against the per-user limit (429).
  errors: [429],
});
documentRoute({
  method: 'post', path: '/api/auth/forgot-password', summary: 'Mail a reset link if the address has an active account; the same answer either way', tags, access: 'public', request: jsonBody(ForgotPasswordInput),
  responses: { 202: { description: 'Accepted (whether or not a mail is sent)', schema: SuccessBody } },
  errors: [429],
});
documentRoute({
  method: 'post', path: '/api/auth/reset-password', summary: "A new password with a reset link's token: every session ends", tags, access: 'public', request: jsonBody(ResetPasswordInput),
  responses: { 200: { description: 'Changed; sign in with the new password', schema: SuccessBody } },
});
documentRoute({
  method: 'post', path: '/api/admin/users/{id}/password-reset', summary: 'Mail the user a reset link (audited)', tags: ['Administration'], access: 'admin',
  request: { params: z.object({ id: UserId }) },
  responses: { 202: { description: 'The mail is queued', schema: SuccessBody } },
  errors: [404, 409],
});

export function authRouter(services: Services): Router {
  const router = Router();
  const { auth, passwords, sessions, twoFactor, users } = services;

  router.post('/auth/register', async (req, res) => {
    res.status(201).json(await auth.register(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/login', async (req, res) => {
    res.json(await auth.login(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/2fa/verify-login', async (req, res) => {
    res.json(await auth.verifyLogin(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.get('/auth/me', async (req, res) => {
    res.json(await users.me(actorOf(req)));
  });

  router.post('/auth/logout', async (req, res) => {
    await auth.logout(actorOf(req), metaOf(req));
    res.json({ success: true });
  });

  router.get('/auth/sessions', async (req, res) => {
    res.json({ data: await sessions.list(actorOf(req)) });
  });

  router.delete('/auth/sessions/:id', async (req, res) => {
    await sessions.revoke(actorOf(req), req.params.id, metaOf(req));
    res.status(204).end();
  });

  router.post('/auth/sessions/revoke-others', async (req, res) => {
    res.json({ revoked: await sessions.revokeOthers(actorOf(req), metaOf(req)) });
  });

  router.post('/auth/change-password', async (req, res) => {
    res.json(await passwords.change(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/forgot-password', async (req, res) => {
    await passwords.forgot(actorOf(req), bodyOf(req), metaOf(req));
    res.status(202).json({ success: true });
  });

  router.post('/auth/reset-password', async (req, res) => {
    await passwords.reset(actorOf(req), bodyOf(req), metaOf(req));
    res.json({ success: true });
  });

  router.post('/admin/users/:id/password-reset', async (req, res) => {
    await passwords.sendReset(actorOf(req), req.params.id, metaOf(req));
    res.status(202).json({ success: true });
  });

  router.get('/auth/2fa/status', async (req, res) => {
    res.json(await twoFactor.status(actorOf(req)));
  });

  router.post('/auth/2fa/setup', async (req, res) => {
    res.json(await twoFactor.setup(actorOf(req), metaOf(req)));
  });

  router.post('/auth/2fa/verify', async (req, res) => {
    res.json(await twoFactor.verify(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/2fa/enable', async (req, res) => {
    res.json(await twoFactor.enable(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/2fa/disable', async (req, res) => {
    res.json(await twoFactor.disable(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.post('/auth/2fa/backup-codes/regenerate', async (req, res) => {
    res.json(await twoFactor.regenerateBackupCodes(actorOf(req), bodyOf(req), metaOf(req)));
  });

  return router;
}

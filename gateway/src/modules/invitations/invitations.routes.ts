import express, { Router } from 'express';
import { actorOf, bodyOf, metaOf, queryOf } from '../../http/actor';
import { documentRoute, ErrorBody, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { requireAdmin } from '../../shared/actor';
import { objectSchema, SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { AuthPayload } from '../auth';
import { INVITATION_LIMITS } from './invitations.messages';
import { AcceptInvitationInput, ImportCsv, ImportQuery, InvitationId, InvitationInput, InvitationListQuery, InvitationToken } from './invitations.schemas';
import { InvitationImportErrorType, InvitationImportRoleType, InvitationPageType, InvitationPreviewType, InvitationType } from './invitations.types';

/*
 * REST door of invitations (docs/product.md#admin): administrators invite,
 * list, resend, revoke and import; the invited person previews and accepts
 * with the link's token (public, rate limited per address). The import takes
 * the file itself as the body (Content-Type: text/csv).
 */

const tags = ['Invitations'];
const Invitation = objectSchema(InvitationType);
const LineErrors = z.array(objectSchema(InvitationImportErrorType));
const idParams = z.object({ id: InvitationId });
const tokenParams = z.object({ token: InvitationToken });

documentRoute({
  method: 'post', path: '/api/admin/invitations', summary: 'Invites a new hire: the invitation mail carries a single-use link', tags, access: 'admin',
  request: jsonBody(InvitationInput), responses: { 201: { description: 'The pending invitation', schema: Invitation } }, errors: [409],
});
documentRoute({
  method: 'get', path: '/api/admin/invitations', summary: 'Invitations, newest first, by status', tags, access: 'admin',
  request: { query: InvitationListQuery }, responses: { 200: { description: 'One page and the total', schema: objectSchema(InvitationPageType) } },
});
documentRoute({
  method: 'post', path: '/api/admin/invitations/{id}/resend', summary: 'Sends a fresh link; the old one stops working', tags, access: 'admin',
  request: { params: idParams }, responses: { 200: { description: 'The invitation with its new expiry', schema: Invitation } }, errors: [404, 409],
});
documentRoute({
  method: 'delete', path: '/api/admin/invitations/{id}', summary: 'Revokes an invitation', tags, access: 'admin',
  request: { params: idParams }, responses: { 200: { description: 'Revoked', schema: SuccessBody } }, errors: [404, 409],
});
documentRoute({
  method: 'post', path: '/api/admin/invitations/import', summary: 'Imports invitations from a CSV file, all or nothing', tags, access: 'admin',
  request: { query: ImportQuery, body: { content: { 'text/csv': { schema: ImportCsv } }, required: true } },
  responses: {
    200: {
      description: 'dry_run=true: how many lines are valid, how many of those invite into each role, and each problem; nothing changes',
      schema: z.object({ valid: z.number().int(), roles: z.array(objectSchema(InvitationImportRoleType)), errors: LineErrors }).openapi('InvitationImportPreview'),
    },
    201: { description: 'Every line was valid: the invitations were created and their mails queued', schema: z.object({ created: z.number().int() }).openapi('InvitationImportCreated') },
    400: { description: 'A line is invalid (nothing was created: `errors` lists each line\'s problem), or the query is', schema: ErrorBody.extend({ errors: LineErrors.optional() }).openapi('InvitationImportRejected') },
  },
  // 415: a body that is not text/csv.
  errors: [409, 415],
});
documentRoute({
  method: 'get', path: '/api/invitations/{token}', summary: 'What an invitation link is for (the accept screen)', tags, access: 'public',
  request: { params: tokenParams }, responses: { 200: { description: 'The invited person and role', schema: objectSchema(InvitationPreviewType) } }, errors: [404, 429],
});
documentRoute({
  method: 'post', path: '/api/invitations/{token}/accept', summary: 'Sets the password of the invited account and signs it in', tags, access: 'public',
  request: { params: tokenParams, ...jsonBody(AcceptInvitationInput) }, responses: { 201: { description: 'The new session', schema: objectSchema(AuthPayload) } }, errors: [404, 409, 429],
});

export function invitationsRouter(services: Services): Router {
  const router = Router();
  const { invitations } = services;
  // The file is the body: parsed as text for this route only, with its own size limit.
  const csvBody = express.text({ type: 'text/csv', limit: INVITATION_LIMITS.importBodyMax });

  // A 5 MB body is read for administrators only: anyone else is refused first (the service checks again).
  const administratorsOnly: express.RequestHandler = (req, _res, next) => {
    requireAdmin(actorOf(req));
    next();
  };

  router.post('/admin/invitations/import', administratorsOnly, csvBody, async (req, res) => {
    // null: not a CSV body (the service answers 415 once the caller is known to be an administrator).
    const csv = req.is('text/csv') ? (typeof req.body === 'string' ? req.body : '') : null;
    const result = await invitations.importCsv(actorOf(req), csv, queryOf(req), metaOf(req));
    // Only a dry run answers with nothing created: a real import of no valid line is refused.
    if (result.created === 0) res.json({ valid: result.valid, roles: result.roles, errors: result.errors });
    else res.status(201).json({ created: result.created });
  });

  router.post('/admin/invitations', async (req, res) => {
    res.status(201).json(await invitations.invite(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.get('/admin/invitations', async (req, res) => {
    res.json(await invitations.list(actorOf(req), queryOf(req)));
  });

  router.post('/admin/invitations/:id/resend', async (req, res) => {
    res.json(await invitations.resend(actorOf(req), req.params.id, metaOf(req)));
  });

  router.delete('/admin/invitations/:id', async (req, res) => {
    await invitations.revoke(actorOf(req), req.params.id, metaOf(req));
    res.json({ success: true });
  });

  router.get('/invitations/:token', async (req, res) => {
    res.json(await invitations.preview(actorOf(req), req.params.token, metaOf(req)));
  });

  router.post('/invitations/:token/accept', async (req, res) => {
    res.status(201).json(await invitations.accept(actorOf(req), req.params.token, bodyOf(req), metaOf(req)));
  });

  return router;
}

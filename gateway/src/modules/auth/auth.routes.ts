import { Router } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import type { Services } from '../../services';

/**
 * REST door for accounts and sessions (spec §7, issue 3 item 1). Thin: parse,
 * call the service with the actor, shape the JSON.
 */
export function authRouter(services: Services): Router {
  const router = Router();
  const { auth, twoFactor, users } = services;

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

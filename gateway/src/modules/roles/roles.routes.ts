import { Router } from 'express';
import type { Services } from '../../services';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import { toRoleView } from './roles.service';

/**
 * REST door for roles (spec §7): `GET /roles` → array of `{id, name, description}`
 * (public); create, update and delete are administrator-only (the service decides).
 */
export function rolesRouter(services: Services): Router {
  const router = Router();
  const { roles } = services;

  router.get('/roles', async (req, res) => {
    const list = await roles.list(actorOf(req));
    res.json(list.map(toRoleView));
  });

  router.post('/roles', async (req, res) => {
    res.status(201).json(toRoleView(await roles.create(actorOf(req), bodyOf(req), metaOf(req))));
  });

  router.put('/roles/:id', async (req, res) => {
    res.json(toRoleView(await roles.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req))));
  });

  router.delete('/roles/:id', async (req, res) => {
    await roles.delete(actorOf(req), req.params.id, metaOf(req));
    res.json({ success: true });
  });

  return router;
}

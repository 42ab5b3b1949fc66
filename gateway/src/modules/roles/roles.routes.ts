import { Router } from 'express';
import type { Services } from '../../services';
import { actorOf } from '../../http/actor';
import { toRoleView } from './roles.service';

/** REST door for roles (spec §7): `GET /roles` → array of `{id, name, description}`. */
export function rolesRouter(services: Services): Router {
  const router = Router();
  router.get('/roles', async (req, res) => {
    const roles = await services.roles.list(actorOf(req));
    res.json(roles.map(toRoleView));
  });
  return router;
}

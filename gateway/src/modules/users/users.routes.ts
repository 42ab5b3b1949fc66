import { Router } from 'express';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

/** REST door for users (spec §7): `GET /users/{userId}` → the User shape with completion_percentage. */
export function usersRouter(services: Services): Router {
  const router = Router();
  const { users } = services;

  router.get('/users/:userId', async (req, res) => {
    res.json(await users.get(actorOf(req), req.params.userId));
  });

  return router;
}

import { Router } from 'express';
import { actorOf } from '../../http/actor';
import { documentRoute } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { TeamMemberType, UserType } from './user.type';
import { UserId } from './users.schemas';

documentRoute({
  method: 'get',
  path: '/api/users/{userId}',
  summary: 'A user: themself, or anyone for administrators (another user answers 404)',
  tags: ['Users'],
  access: 'user',
  request: { params: z.object({ userId: UserId }) },
  responses: { 200: { description: 'The user with their completion percentage', schema: objectSchema(UserType) } },
  errors: [400, 404],
});

documentRoute({
  method: 'get',
  path: '/api/team',
  summary: "The signed-in user's direct reports with their onboarding, by name (empty for someone who manages nobody)",
  tags: ['Users'],
  access: 'user',
  responses: { 200: { description: "Each report and their onboarding: progress over their own tasks, overdue and next task over every task about them", schema: z.object({ data: z.array(objectSchema(TeamMemberType)) }).openapi('TeamPage') } },
});

/** REST door for users: `GET /users/{userId}` → the User shape with completion_percentage; `GET /team` → My team. */
export function usersRouter(services: Services): Router {
  const router = Router();
  const { users, team } = services;

  router.get('/users/:userId', async (req, res) => {
    res.json(await users.get(actorOf(req), req.params.userId));
  });

  router.get('/team', async (req, res) => {
    res.json({ data: await team.myTeam(actorOf(req)) });
  });

  return router;
}

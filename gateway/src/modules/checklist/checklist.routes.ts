import { Router } from 'express';
import { actorOf } from '../../http/actor';
import { documentRoute } from '../../http/openapi';
import type { Services } from '../../services';
import { idSchema, objectSchema, objectSchemaWith } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { UserId, UserType } from '../users';
import { CHECKLIST_MESSAGES } from './checklist.service';
import { MyTasksQuery } from './checklist.schemas';
import { ChecklistItemType, CompletionStatsType, LinkedDocumentType, MyTasksPageType, UserChecklistItemType } from './checklist.types';

/*
 * REST door for checklists (docs/product.md#task-status). Items carry
 * `documents`, added in one batched lookup per answer. Each path is
 * registered in the OpenAPI document here; the answers are the service's
 * classes, so their schemas come from the same declarations.
 */

const tags = ['Checklists'];
const documents = z.array(objectSchema(LinkedDocumentType));
/** A user's task as REST answers it: the UserChecklistItem with its linked documents. */
export const UserChecklistItemJson = objectSchemaWith(UserChecklistItemType, 'UserChecklistItemWithDocuments', { documents });
const userParams = z.object({ userId: UserId });

documentRoute({
  method: 'get', path: '/api/user-checklist-items/user/{userId}', summary: "A user's checklist with their progress, in item_order", tags, access: 'user',
  request: { params: userParams }, responses: { 200: { description: 'The items of the user\'s role with the user\'s progress', schema: z.array(UserChecklistItemJson) } },
  errors: [404],
});
documentRoute({
  method: 'get', path: '/api/users/{userId}/checklist', summary: 'The user, their checklist and its completion stats, from one read', tags, access: 'user',
  request: { params: userParams },
  responses: {
    200: {
      description: 'The user, the items and the stats',
      schema: z.object({ user: objectSchema(UserType), items: z.array(UserChecklistItemJson), stats: objectSchema(CompletionStatsType) }).openapi('UserChecklistOverview'),
    },
  },
  errors: [404],
});
documentRoute({
  method: 'get', path: '/api/checklist-items/{id}', summary: "A checklist item of the caller's role, with its due date and overdue state for the caller", tags, access: 'user',
  request: { params: z.object({ id: idSchema(CHECKLIST_MESSAGES.invalidItemId) }) },
  responses: { 200: { description: 'The item', schema: objectSchemaWith(ChecklistItemType, 'ChecklistItemWithDocuments', { documents }) } },
  errors: [404],
});

documentRoute({
  method: 'get', path: '/api/my-tasks', summary: 'Open tasks the caller owns for other active people (as manager, buddy or team member), by due date', tags, access: 'user',
  request: { query: MyTasksQuery },
  responses: { 200: { description: 'One page of tasks and the total', schema: objectSchema(MyTasksPageType) } },
  errors: [400],
});

export function checklistRouter(services: Services): Router {
  const router = Router();
  const { checklist } = services;

  router.get('/user-checklist-items/user/:userId', async (req, res) => {
    res.json(await checklist.withDocuments(await checklist.listForUser(actorOf(req), req.params.userId)));
  });

  router.get('/users/:userId/checklist', async (req, res) => {
    const overview = await checklist.overview(actorOf(req), req.params.userId);
    res.json({ ...overview, items: await checklist.withDocuments(overview.items) });
  });

  router.get('/my-tasks', async (req, res) => {
    res.json(await checklist.myTasks(actorOf(req), req.query));
  });

  router.get('/checklist-items/:id', async (req, res) => {
    const [item] = await checklist.withDocuments([await checklist.getItem(actorOf(req), req.params.id)]);
    res.json(item);
  });

  return router;
}

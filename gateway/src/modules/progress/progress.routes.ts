import { Router, type RequestHandler } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import { documentRoute, jsonBody, jsonContent } from '../../http/openapi';
import type { Services } from '../../services';
import { idSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { CHECKLIST_MESSAGES, UserChecklistItemJson } from '../checklist';
import { UserId } from '../users';
import { PROGRESS_ID_MESSAGES } from './progress.messages';
import { CompleteTaskInput, ProgressInput } from './progress.schemas';

/*
 * REST door for progress (docs/product.md#task-status), answering the updated
 * UserChecklistItem with its documents. A task is completed with
 * {status, note, completed_at} or {completed, notes, completed_at}; the
 * completion path is also served at /api/tasks/{id}/complete (so
 * /api/api/… overall) for clients that prefix the documented path. Each path
 * is registered in the OpenAPI document here.
 */

const tags = ['Progress'];
const answer = { 200: { description: 'The task with the progress as saved', schema: UserChecklistItemJson } };

documentRoute({
  method: 'post', path: '/api/user-checklist-items/user/{userId}/item/{itemId}', summary: "Completes, sets back or annotates a user's task", tags, access: 'user',
  request: { params: z.object({ userId: UserId, itemId: idSchema(CHECKLIST_MESSAGES.invalidItemId) }), ...jsonBody(ProgressInput) },
  responses: answer,
  errors: [404, 409],
});
for (const path of ['/api/tasks/{id}/complete', '/api/api/tasks/{id}/complete']) {
  documentRoute({
    method: 'post', path, summary: "Completes one of the caller's tasks", tags, access: 'user',
    // No body at all is {}: completes now, without a note.
    request: { params: z.object({ id: idSchema(PROGRESS_ID_MESSAGES.invalidTaskId) }), body: jsonContent(CompleteTaskInput) },
    responses: answer,
    errors: [404, 409],
  });
}

export function progressRouter(services: Services): Router {
  const router = Router();
  const { checklist, progress } = services;

  router.post('/user-checklist-items/user/:userId/item/:itemId', async (req, res) => {
    const saved = await progress.setProgress(actorOf(req), req.params.userId, req.params.itemId, bodyOf(req), metaOf(req));
    const [item] = await checklist.withDocuments([saved]);
    res.json(item);
  });

  const completeTask: RequestHandler<{ id: string }> = async (req, res) => {
    const saved = await progress.completeTask(actorOf(req), req.params.id, bodyOf(req), metaOf(req));
    const [item] = await checklist.withDocuments([saved]);
    res.json(item);
  };
  router.post('/tasks/:id/complete', completeTask);
  router.post('/api/tasks/:id/complete', completeTask);

  return router;
}

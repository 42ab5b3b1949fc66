import { Router, type RequestHandler } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import type { Services } from '../../services';

/**
 * REST door for progress (spec §7), answering the updated UserChecklistItem:
 *  - POST /user-checklist-items/user/{userId}/item/{itemId} with {status, note, completed_at}
 *    or {completed, notes, completed_at}
 *  - POST /tasks/{id}/complete with {notes, completedAt}, for the signed-in user; also served at
 *    /api/tasks/{id}/complete (so /api/api/… overall) for clients that prefix the spec's path (DESIGN §7.4)
 */
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

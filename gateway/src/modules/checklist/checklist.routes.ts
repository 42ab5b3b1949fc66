import { Router } from 'express';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

/**
 * REST door for checklists (spec §7). Items carry `documents`, added in one
 * batched lookup per answer.
 *  - GET /user-checklist-items/user/{userId} → UserChecklistItem[] (item_order, then id)
 *  - GET /users/{userId}/checklist → {user, items: UserChecklistItem[], stats: CompletionStats}
 *  - GET /checklist-items/{id} → ChecklistItem
 */
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

  router.get('/checklist-items/:id', async (req, res) => {
    const [item] = await checklist.withDocuments([await checklist.getItem(actorOf(req), req.params.id)]);
    res.json(item);
  });

  return router;
}

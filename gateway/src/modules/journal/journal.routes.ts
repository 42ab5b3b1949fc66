import { Router, type Request } from 'express';
import { actorOf, bodyOf } from '../../http/actor';
import type { Services } from '../../services';

/** The query string as a plain record (express may hand over arrays or nested objects; the service rejects those). */
function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>;
}

/**
 * REST door of the learning journal (spec §7, issue 6 item 2), all for the
 * signed-in user:
 *
 *   GET    /journal-entries         ?visibility=all|private|shared &dateRange=week|month|year &tag=
 *                                   &sort=created_at|updated_at|title &order=asc|desc &page=1 &limit=20 (max 100)
 *                                   → {data: Entry[], total, page, limit}
 *   GET    /journal-entries/search  ?q= &tag= (and the filters above) → {data, total, page, limit}, best match first
 *   GET    /journal-entries/stats   → {total_entries, recent_entries, total_tags}
 *   GET    /journal-entries/:id     → Entry
 *   POST   /journal-entries         {title?, content, visibility?, tags?, linked_task_ids?, taskContext?} → 201 Entry
 *   PUT    /journal-entries/:id     same body; fields left out keep their value → Entry
 *   DELETE /journal-entries/:id     → {success: true}
 *   GET    /tags                    → [{id, name, count}] alphabetically
 *   GET    /tags/popular?limit=10   → [{id, name, count}] most used first (limit 1-50)
 *
 * Administrators may add `user_id` to the list and search to read that user's
 * shared entries. The fixed paths are registered before `/:id`.
 */
export function journalRouter(services: Services): Router {
  const router = Router();
  const { journal } = services;

  router.get('/journal-entries', async (req, res) => {
    res.json(await journal.list(actorOf(req), queryOf(req)));
  });

  router.get('/journal-entries/search', async (req, res) => {
    res.json(await journal.search(actorOf(req), queryOf(req)));
  });

  router.get('/journal-entries/stats', async (req, res) => {
    res.json(await journal.stats(actorOf(req)));
  });

  router.get('/journal-entries/:id', async (req, res) => {
    res.json(await journal.get(actorOf(req), req.params.id));
  });

  router.post('/journal-entries', async (req, res) => {
    res.status(201).json(await journal.create(actorOf(req), bodyOf(req)));
  });

  router.put('/journal-entries/:id', async (req, res) => {
    res.json(await journal.update(actorOf(req), req.params.id, bodyOf(req)));
  });

  router.delete('/journal-entries/:id', async (req, res) => {
    await journal.delete(actorOf(req), req.params.id);
    res.json({ success: true });
  });

  router.get('/tags', async (req, res) => {
    res.json(await journal.tags(actorOf(req)));
  });

  router.get('/tags/popular', async (req, res) => {
    res.json(await journal.popularTags(actorOf(req), queryOf(req).limit));
  });

  return router;
}

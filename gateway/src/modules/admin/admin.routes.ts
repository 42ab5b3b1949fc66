import { Router, type Request } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import type { Services } from '../../services';

/** The query string as a plain record (express may hand over arrays or nested objects; the services reject those). */
function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>;
}

/**
 * REST door of the administration console (issue 8 item 9), administrators
 * only (the services decide: 401 anonymous, 403 anyone else), every change
 * audited:
 *
 *   GET    /admin/stats                        → counts, onboarding health per role
 *   GET    /admin/audit                        ?category=changes|all &page &limit → {data, total, page, limit}
 *   GET    /admin/users                        ?search= &sort=name|email|role|start_date|progress|last_login_at
 *                                              &order=asc|desc &status=all|active|inactive &role_id= &page &limit
 *                                              → {data: AdminUser[], total, page, limit}
 *   GET    /admin/users/:id                    → AdminUser
 *   PUT    /admin/users/:id                    {name?, email?, role_id?, start_date?} → AdminUser
 *   POST   /admin/users/:id/deactivate         → AdminUser (every session of the user ends)
 *   POST   /admin/users/:id/reactivate         → AdminUser
 *   POST   /admin/users/:id/reset-2fa          → AdminUser
 *   GET    /admin/users/:id/checklist          → {user: AdminUser, items: UserChecklistItem[], stats}
 *   PUT    /admin/user-roles                   {user_ids, role_id} → {role_id, updated, users}
 *   GET    /admin/checklist-items              ?role_id= &type= &search= → AdminChecklistItem[] by item_order
 *   POST   /admin/checklist-items              {title, type, description?, priority?, due_days?, role_id?} → 201
 *   POST   /admin/checklist-items/reorder      {ids} → those items in their new order (no other item moves)
 *   GET    /admin/checklist-items/:id          → AdminChecklistItem
 *   PUT    /admin/checklist-items/:id          fields left out keep their value → AdminChecklistItem
 *   DELETE /admin/checklist-items/:id          → {success: true}
 *   GET    /admin/roles/:id/checklist-items    → {role_id, items}
 *   POST   /admin/roles/:id/checklist-items    {item_ids} → {role_id, items} (links added)
 *   DELETE /admin/roles/:id/checklist-items    {item_ids} → {role_id, items} (links removed)
 *
 * Checklist items carry `documents` (spec §3), added in one batched lookup per answer.
 */
export function adminRouter(services: Services): Router {
  const router = Router();
  const { adminUsers, adminReports, checklistItems, checklist } = services;

  router.get('/admin/stats', async (req, res) => {
    res.json(await adminReports.stats(actorOf(req)));
  });

  router.get('/admin/audit', async (req, res) => {
    res.json(await adminReports.auditLog(actorOf(req), queryOf(req)));
  });

  router.get('/admin/users', async (req, res) => {
    res.json(await adminUsers.list(actorOf(req), queryOf(req)));
  });

  router.get('/admin/users/:id', async (req, res) => {
    res.json(await adminUsers.get(actorOf(req), req.params.id));
  });

  router.put('/admin/users/:id', async (req, res) => {
    res.json(await adminUsers.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req)));
  });

  router.post('/admin/users/:id/deactivate', async (req, res) => {
    res.json(await adminUsers.deactivate(actorOf(req), req.params.id, metaOf(req)));
  });

  router.post('/admin/users/:id/reactivate', async (req, res) => {
    res.json(await adminUsers.reactivate(actorOf(req), req.params.id, metaOf(req)));
  });

  router.post('/admin/users/:id/reset-2fa', async (req, res) => {
    res.json(await adminUsers.resetTwoFactor(actorOf(req), req.params.id, metaOf(req)));
  });

  router.get('/admin/users/:id/checklist', async (req, res) => {
    const progress = await adminUsers.progress(actorOf(req), req.params.id);
    res.json({ ...progress, items: await checklist.withDocuments(progress.items) });
  });

  router.put('/admin/user-roles', async (req, res) => {
    res.json(await adminUsers.assignRole(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.get('/admin/checklist-items', async (req, res) => {
    res.json(await checklist.withDocuments(await checklistItems.list(actorOf(req), queryOf(req))));
  });

  router.post('/admin/checklist-items', async (req, res) => {
    const [created] = await checklist.withDocuments([await checklistItems.create(actorOf(req), bodyOf(req), metaOf(req))]);
    res.status(201).json(created);
  });

  // Before `/:id`, so "reorder" is never read as an id.
  router.post('/admin/checklist-items/reorder', async (req, res) => {
    res.json(await checklist.withDocuments(await checklistItems.reorder(actorOf(req), bodyOf(req).ids, metaOf(req))));
  });

  router.get('/admin/checklist-items/:id', async (req, res) => {
    const [item] = await checklist.withDocuments([await checklistItems.get(actorOf(req), req.params.id)]);
    res.json(item);
  });

  router.put('/admin/checklist-items/:id', async (req, res) => {
    const [item] = await checklist.withDocuments([await checklistItems.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req))]);
    res.json(item);
  });

  router.delete('/admin/checklist-items/:id', async (req, res) => {
    await checklistItems.delete(actorOf(req), req.params.id, metaOf(req));
    res.json({ success: true });
  });

  router.get('/admin/roles/:id/checklist-items', async (req, res) => {
    const links = await checklistItems.roleItems(actorOf(req), req.params.id);
    res.json({ ...links, items: await checklist.withDocuments(links.items) });
  });

  router.post('/admin/roles/:id/checklist-items', async (req, res) => {
    const links = await checklistItems.addRoleItems(actorOf(req), req.params.id, bodyOf(req).item_ids, metaOf(req));
    res.json({ ...links, items: await checklist.withDocuments(links.items) });
  });

  router.delete('/admin/roles/:id/checklist-items', async (req, res) => {
    const links = await checklistItems.removeRoleItems(actorOf(req), req.params.id, bodyOf(req).item_ids, metaOf(req));
    res.json({ ...links, items: await checklist.withDocuments(links.items) });
  });

  return router;
}

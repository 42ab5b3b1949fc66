import { Router, type Request } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import type { Services } from '../../services';

/** The query string as a plain record (express may hand over arrays or nested objects; the service rejects those). */
function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>;
}

/**
 * REST door of the document library and company policies (spec §7, issue 7
 * item 2). Signed in:
 *
 *   GET    /documents                        ?search= &class_id= &sort=name|date|modified|type &order=asc|desc
 *                                            &page=1 &limit=20 (max 100) → {data: Document[], total}
 *   GET    /document-classes                 → [{id, name}]
 *   GET    /documents/special                → CompanyPolicy[] (Document + version, acknowledged, acknowledgement)
 *   GET    /documents/checklist-item/:taskId → Document[] linked to a task of the caller's role (else 404)
 *   POST   /documents/:id/viewed             → {document_id, viewed: true, viewed_at}
 *   POST   /documents/:id/acknowledge        → {document_id, version, acknowledged_at}
 *
 * Administrators only (audited):
 *
 *   GET    /documents/policies/acknowledgements ?limit=500 → per policy, who has not acknowledged its current version
 *   POST   /documents                        {title, description?, url?, document_class_id, is_company_policy?} → 201 Document
 *   PUT    /documents/:id                    same body; fields left out keep their value → Document
 *   DELETE /documents/:id                    → {success: true}
 *   GET    /documents/:id/links              → {document_id, role_ids, checklist_item_ids}
 *   PUT    /documents/:id/roles              {role_ids: number[]} → links
 *   POST   /documents/:id/checklist-items/:itemId → 201 links (200 when already linked)
 *   DELETE /documents/:id/checklist-items/:itemId → links
 *
 * The fixed paths are registered before the `/:id` ones.
 */
export function documentsRouter(services: Services): Router {
  const router = Router();
  const { documents } = services;

  router.get('/documents', async (req, res) => {
    res.json(await documents.list(actorOf(req), queryOf(req)));
  });

  router.get('/document-classes', async (req, res) => {
    res.json(await documents.classes(actorOf(req)));
  });

  router.get('/documents/special', async (req, res) => {
    res.json(await documents.companyPolicies(actorOf(req)));
  });

  router.get('/documents/policies/acknowledgements', async (req, res) => {
    res.json(await documents.acknowledgementReport(actorOf(req), queryOf(req).limit));
  });

  router.get('/documents/checklist-item/:taskId', async (req, res) => {
    res.json(await documents.forChecklistItem(actorOf(req), req.params.taskId));
  });

  router.post('/documents', async (req, res) => {
    res.status(201).json(await documents.create(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.put('/documents/:id', async (req, res) => {
    res.json(await documents.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req)));
  });

  router.delete('/documents/:id', async (req, res) => {
    await documents.delete(actorOf(req), req.params.id, metaOf(req));
    res.json({ success: true });
  });

  router.post('/documents/:id/viewed', async (req, res) => {
    res.json(await documents.markViewed(actorOf(req), req.params.id));
  });

  router.post('/documents/:id/acknowledge', async (req, res) => {
    res.json(await documents.acknowledge(actorOf(req), req.params.id));
  });

  router.get('/documents/:id/links', async (req, res) => {
    res.json(await documents.links(actorOf(req), req.params.id));
  });

  router.put('/documents/:id/roles', async (req, res) => {
    res.json(await documents.setRoles(actorOf(req), req.params.id, bodyOf(req).role_ids, metaOf(req)));
  });

  router.post('/documents/:id/checklist-items/:itemId', async (req, res) => {
    const { links, created } = await documents.linkItem(actorOf(req), req.params.id, req.params.itemId, metaOf(req));
    res.status(created ? 201 : 200).json(links);
  });

  router.delete('/documents/:id/checklist-items/:itemId', async (req, res) => {
    res.json(await documents.unlinkItem(actorOf(req), req.params.id, req.params.itemId, metaOf(req)));
  });

  return router;
}

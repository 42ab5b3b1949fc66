import { Router } from 'express';
import { actorOf, bodyOf, metaOf, queryOf } from '../../http/actor';
import { documentRoute, jsonContent } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema, SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { AcknowledgeBody, ChecklistItemId, CreateDocument, DocumentId, ListQuery, ReportQuery, SetRoles, UpdateDocument } from './documents.schemas';
import {
  CompanyPolicyType,
  DocumentClassType,
  DocumentLinksType,
  DocumentPageType,
  DocumentType,
  DocumentViewedType,
  PolicyAcknowledgementStatusType,
  PolicyAcknowledgementType,
} from './documents.types';

/*
 * REST door of the document library and company policies
 * (docs/product.md#documents, #policies). Reads for signed-in users, writes
 * (audited) for administrators. The fixed paths are registered before the
 * `/:id` ones.
 */

const tags = ['Documents'];
const Document = objectSchema(DocumentType);
const Links = objectSchema(DocumentLinksType);
const idParams = z.object({ id: DocumentId });
const itemParams = z.object({ id: DocumentId, itemId: ChecklistItemId });

documentRoute({
  method: 'get', path: '/api/documents', summary: "The documents the caller's role sees (administrators: all); one page only when page or limit is given", tags, access: 'user',
  request: { query: ListQuery }, responses: { 200: { description: 'The documents and how many match', schema: objectSchema(DocumentPageType) } }, errors: [400],
});
documentRoute({
  method: 'get', path: '/api/document-classes', summary: 'The document classes, by id', tags, access: 'user',
  responses: { 200: { description: 'Every class', schema: z.array(objectSchema(DocumentClassType)) } },
});
documentRoute({
  method: 'get', path: '/api/documents/special', summary: "Company policies the caller's role sees, with the caller's acknowledgement", tags, access: 'user',
  responses: { 200: { description: 'By title', schema: z.array(objectSchema(CompanyPolicyType)) } },
});
documentRoute({
  method: 'get', path: '/api/documents/policies/acknowledgements', summary: 'Per company policy, who has not acknowledged its current version', tags, access: 'admin',
  request: { query: ReportQuery }, responses: { 200: { description: 'By title', schema: z.array(objectSchema(PolicyAcknowledgementStatusType)) } }, errors: [400],
});
documentRoute({
  method: 'get', path: '/api/documents/checklist-item/{taskId}', summary: "Documents linked to a task of the caller's role (administrators: any)", tags, access: 'user',
  request: { params: z.object({ taskId: ChecklistItemId }) }, responses: { 200: { description: 'By title', schema: z.array(Document) } }, errors: [400, 404],
});
documentRoute({
  method: 'post', path: '/api/documents', summary: 'Adds a document', tags, access: 'admin',
  request: { body: jsonContent(CreateDocument) }, responses: { 201: { description: 'The new document', schema: Document } },
});
documentRoute({
  method: 'put', path: '/api/documents/{id}', summary: 'Changes a document; fields left out keep their value', tags, access: 'admin',
  request: { params: idParams, body: jsonContent(UpdateDocument) }, responses: { 200: { description: 'The document', schema: Document } }, errors: [404],
});
documentRoute({
  method: 'delete', path: '/api/documents/{id}', summary: 'Deletes a document with its links, views and acknowledgements', tags, access: 'admin',
  request: { params: idParams }, responses: { 200: { description: 'Deleted', schema: SuccessBody } }, errors: [400, 404],
});
documentRoute({
  method: 'post', path: '/api/documents/{id}/viewed', summary: 'Records that the caller opened a document they can see', tags, access: 'user',
  request: { params: idParams }, responses: { 200: { description: 'When the caller first opened it', schema: objectSchema(DocumentViewedType) } }, errors: [404],
});
documentRoute({
  method: 'post', path: '/api/documents/{id}/acknowledge', summary: 'Acknowledges the current version of a company policy (idempotent)', tags, access: 'user',
  request: { params: idParams, body: jsonContent(AcknowledgeBody) }, responses: { 200: { description: 'The acknowledgement', schema: objectSchema(PolicyAcknowledgementType) } }, errors: [404, 409],
});
documentRoute({
  method: 'get', path: '/api/documents/{id}/links', summary: 'Which roles see a document and which checklist items link to it', tags, access: 'admin',
  request: { params: idParams }, responses: { 200: { description: 'The links', schema: Links } }, errors: [400, 404],
});
documentRoute({
  method: 'put', path: '/api/documents/{id}/roles', summary: 'Replaces the roles that see the document', tags, access: 'admin',
  request: { params: idParams, body: jsonContent(SetRoles) }, responses: { 200: { description: 'The links', schema: Links } }, errors: [404],
});
documentRoute({
  method: 'post', path: '/api/documents/{id}/checklist-items/{itemId}', summary: 'Links a document to a checklist item', tags, access: 'admin',
  request: { params: itemParams }, responses: { 200: { description: 'Already linked: the links', schema: Links }, 201: { description: 'Linked: the links', schema: Links } }, errors: [404],
});
documentRoute({
  method: 'delete', path: '/api/documents/{id}/checklist-items/{itemId}', summary: 'Removes the link of a document to a checklist item', tags, access: 'admin',
  request: { params: itemParams }, responses: { 200: { description: 'The links', schema: Links } }, errors: [400, 404],
});

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
    res.json(await documents.acknowledgementReport(actorOf(req), queryOf(req)));
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
    res.json(await documents.acknowledge(actorOf(req), req.params.id, bodyOf(req)));
  });

  router.get('/documents/:id/links', async (req, res) => {
    res.json(await documents.links(actorOf(req), req.params.id));
  });

  router.put('/documents/:id/roles', async (req, res) => {
    res.json(await documents.setRoles(actorOf(req), req.params.id, bodyOf(req), metaOf(req)));
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

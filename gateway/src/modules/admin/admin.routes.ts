import { Router } from 'express';
import { actorOf, bodyOf, metaOf, queryOf } from '../../http/actor';
import { documentRoute, jsonContent } from '../../http/openapi';
import type { Services } from '../../services';
import { idSchema, objectSchema, objectSchemaWith, SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { AuditListQuery, AuditPageType } from '../audit';
import {
  AdminChecklistItemType,
  CHECKLIST_MESSAGES,
  ChecklistItemListQuery,
  CreateChecklistItem,
  LinkedDocumentType,
  RoleChecklistType,
  UpdateChecklistItem,
  UserChecklistItemType,
  ReorderChecklistItems,
  RoleChecklistItems,
} from '../checklist';
import { RoleId } from '../roles';
import { AdminUserPageType, AdminUserType, RoleAssignment, RoleAssignmentType, UserId, UserListQuery, UserUpdate } from '../users';
import { AdminStatsType, AdminUserProgressType } from './admin.types';

/*
 * REST door of the administration console (docs/product.md#admin),
 * administrators only (the services decide: 401 anonymous, 403 anyone else),
 * every change audited. Checklist items carry their linked `documents`, added
 * in one batched lookup per answer.
 */

const tags = ['Administration'];
const AdminUser = objectSchema(AdminUserType);
const userParams = z.object({ id: UserId });
const documents = z.array(objectSchema(LinkedDocumentType));
const Item = objectSchemaWith(AdminChecklistItemType, 'AdminChecklistItemWithDocuments', { documents });
const RoleItems = objectSchemaWith(RoleChecklistType, 'RoleChecklistWithDocuments', { items: z.array(Item) });
const itemParams = z.object({ id: idSchema(CHECKLIST_MESSAGES.invalidItemId) });
const roleParams = z.object({ id: RoleId });

documentRoute({
  method: 'get', path: '/api/admin/stats', summary: 'Counts and onboarding health per role', tags, access: 'admin',
  responses: { 200: { description: 'The Administration index numbers', schema: objectSchema(AdminStatsType) } },
});
documentRoute({
  method: 'get', path: '/api/admin/audit', summary: 'The latest audited entries, newest first', tags, access: 'admin',
  request: { query: AuditListQuery }, responses: { 200: { description: 'One page and the total', schema: objectSchema(AuditPageType) } }, errors: [400],
});
documentRoute({
  method: 'get', path: '/api/admin/users', summary: 'A searched, filtered, sorted page of users', tags, access: 'admin',
  request: { query: UserListQuery }, responses: { 200: { description: 'One page and the total', schema: objectSchema(AdminUserPageType) } }, errors: [400],
});
documentRoute({
  method: 'get', path: '/api/admin/users/{id}', summary: 'A user as administrators see them', tags, access: 'admin',
  request: { params: userParams }, responses: { 200: { description: 'The user', schema: AdminUser } }, errors: [400, 404],
});
documentRoute({
  method: 'put', path: '/api/admin/users/{id}', summary: "Changes a user's name, email, role, start date, manager or buddy; a role change notifies the user (reonboard: the new items start from today)", tags, access: 'admin',
  request: { params: userParams, body: jsonContent(UserUpdate) }, responses: { 200: { description: 'The user', schema: AdminUser } }, errors: [404, 409],
});
for (const [action, summary] of [
  ['deactivate', 'The account can no longer sign in; every session of the user ends'],
  ['reactivate', 'The account may sign in again'],
  ['reset-2fa', "Turns the user's two-factor sign-in off and ends their sessions"],
] as const) {
  documentRoute({
    method: 'post', path: `/api/admin/users/{id}/${action}`, summary, tags, access: 'admin',
    request: { params: userParams }, responses: { 200: { description: 'The user', schema: AdminUser } }, errors: [404, 409],
  });
}
documentRoute({
  method: 'get', path: '/api/admin/users/{id}/checklist', summary: "A user's checklist with their progress and its stats", tags, access: 'admin',
  request: { params: userParams },
  responses: { 200: { description: 'The user, the items and the stats', schema: objectSchemaWith(AdminUserProgressType, 'AdminUserProgressWithDocuments', { items: z.array(objectSchemaWith(UserChecklistItemType, 'UserChecklistItemWithDocuments', { documents })) }) } },
  errors: [400, 404],
});
documentRoute({
  method: 'put', path: '/api/admin/user-roles', summary: 'Moves users to a role, all or nothing; each moved user is notified (reonboard: the new items start from today)', tags, access: 'admin',
  request: { body: jsonContent(RoleAssignment) }, responses: { 200: { description: 'The role, how many changed, the users', schema: objectSchema(RoleAssignmentType) } }, errors: [409],
});
documentRoute({
  method: 'get', path: '/api/admin/checklist-items', summary: 'Checklist items in item_order, filtered by role, type or text', tags, access: 'admin',
  request: { query: ChecklistItemListQuery }, responses: { 200: { description: 'The items', schema: z.array(Item) } }, errors: [400],
});
documentRoute({
  method: 'post', path: '/api/admin/checklist-items', summary: 'Adds a checklist item at the end of the order', tags, access: 'admin',
  request: { body: jsonContent(CreateChecklistItem) }, responses: { 201: { description: 'The new item', schema: Item } }, errors: [400],
});
documentRoute({
  method: 'post', path: '/api/admin/checklist-items/reorder', summary: 'The given items exchange their places so they come in the order given', tags, access: 'admin',
  request: { body: jsonContent(ReorderChecklistItems) }, responses: { 200: { description: 'Those items in their new order', schema: z.array(Item) } }, errors: [400],
});
documentRoute({
  method: 'get', path: '/api/admin/checklist-items/{id}', summary: 'A checklist item with every role that gets it', tags, access: 'admin',
  request: { params: itemParams }, responses: { 200: { description: 'The item', schema: Item } }, errors: [400, 404],
});
documentRoute({
  method: 'put', path: '/api/admin/checklist-items/{id}', summary: 'Changes a checklist item; fields left out keep their value', tags, access: 'admin',
  request: { params: itemParams, body: jsonContent(UpdateChecklistItem) }, responses: { 200: { description: 'The item', schema: Item } }, errors: [404],
});
documentRoute({
  method: 'delete', path: '/api/admin/checklist-items/{id}', summary: "Deletes a checklist item; users' progress on it goes with it", tags, access: 'admin',
  request: { params: itemParams }, responses: { 200: { description: 'Deleted', schema: SuccessBody } }, errors: [400, 404],
});
documentRoute({
  method: 'get', path: '/api/admin/roles/{id}/checklist-items', summary: 'The checklist items a role gets', tags, access: 'admin',
  request: { params: roleParams }, responses: { 200: { description: 'The role and its items', schema: RoleItems } }, errors: [400, 404],
});
documentRoute({
  method: 'post', path: '/api/admin/roles/{id}/checklist-items', summary: 'The role gets these items too', tags, access: 'admin',
  request: { params: roleParams, body: jsonContent(RoleChecklistItems) }, responses: { 200: { description: 'The role and its items', schema: RoleItems } }, errors: [404],
});
documentRoute({
  method: 'delete', path: '/api/admin/roles/{id}/checklist-items', summary: 'The role no longer gets these items', tags, access: 'admin',
  request: { params: roleParams, body: jsonContent(RoleChecklistItems) }, responses: { 200: { description: 'The role and its items', schema: RoleItems } }, errors: [400, 404],
});

export function adminRouter(services: Services): Router {
  const router = Router();
  const { audit, userAdmin, adminReports, checklistItems, checklist } = services;

  router.get('/admin/stats', async (req, res) => {
    res.json(await adminReports.stats(actorOf(req)));
  });

  router.get('/admin/audit', async (req, res) => {
    res.json(await audit.list(actorOf(req), queryOf(req)));
  });

  router.get('/admin/users', async (req, res) => {
    res.json(await userAdmin.list(actorOf(req), queryOf(req)));
  });

  router.get('/admin/users/:id', async (req, res) => {
    res.json(await userAdmin.get(actorOf(req), req.params.id));
  });

  router.put('/admin/users/:id', async (req, res) => {
    res.json(await userAdmin.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req)));
  });

  router.post('/admin/users/:id/deactivate', async (req, res) => {
    res.json(await userAdmin.deactivate(actorOf(req), req.params.id, metaOf(req)));
  });

  router.post('/admin/users/:id/reactivate', async (req, res) => {
    res.json(await userAdmin.reactivate(actorOf(req), req.params.id, metaOf(req)));
  });

  router.post('/admin/users/:id/reset-2fa', async (req, res) => {
    res.json(await userAdmin.resetTwoFactor(actorOf(req), req.params.id, metaOf(req)));
  });

  router.get('/admin/users/:id/checklist', async (req, res) => {
    const progress = await adminReports.userProgress(actorOf(req), req.params.id);
    res.json({ ...progress, items: await checklist.withDocuments(progress.items) });
  });

  router.put('/admin/user-roles', async (req, res) => {
    res.json(await userAdmin.assignRole(actorOf(req), bodyOf(req), metaOf(req)));
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

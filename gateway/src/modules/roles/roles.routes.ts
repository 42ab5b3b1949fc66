import { Router } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import { documentRoute, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { CreateRoleInput, RoleId, RoleJson, UpdateRoleInput } from './roles.schemas';

/*
 * REST door for roles (docs/product.md#roles): the list is public (the
 * registration form needs it); create, update and delete are for
 * administrators (the service decides). Each path is registered in the
 * OpenAPI document here.
 */

const tags = ['Roles'];
const params = z.object({ id: RoleId });

documentRoute({
  method: 'get', path: '/api/roles', summary: 'All roles, ordered by id', tags, access: 'public',
  responses: { 200: { description: 'The roles', schema: z.array(RoleJson) } },
});
documentRoute({
  method: 'post', path: '/api/roles', summary: 'Create a role', tags, access: 'admin', request: jsonBody(CreateRoleInput),
  responses: { 201: { description: 'The new role', schema: RoleJson } },
  errors: [409],
});
documentRoute({
  method: 'put', path: '/api/roles/{id}', summary: 'Rename a role or change its description', tags, access: 'admin', request: { params, ...jsonBody(UpdateRoleInput) },
  responses: { 200: { description: 'The role as saved', schema: RoleJson } },
  errors: [404, 409],
});
documentRoute({
  method: 'delete', path: '/api/roles/{id}', summary: 'Delete a role no user holds (never the administrator role)', tags, access: 'admin', request: { params },
  responses: { 200: { description: 'Deleted', schema: SuccessBody } },
  errors: [404, 409],
});

export function rolesRouter(services: Services): Router {
  const router = Router();
  const { roles } = services;

  router.get('/roles', async (req, res) => {
    const list = await roles.list(actorOf(req));
    res.json(list.map((role) => RoleJson.parse(role)));
  });

  router.post('/roles', async (req, res) => {
    res.status(201).json(RoleJson.parse(await roles.create(actorOf(req), bodyOf(req), metaOf(req))));
  });

  router.put('/roles/:id', async (req, res) => {
    res.json(RoleJson.parse(await roles.update(actorOf(req), req.params.id, bodyOf(req), metaOf(req))));
  });

  router.delete('/roles/:id', async (req, res) => {
    await roles.delete(actorOf(req), req.params.id, metaOf(req));
    res.json({ success: true });
  });

  return router;
}

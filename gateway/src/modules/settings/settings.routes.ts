import { Router } from 'express';
import { actorOf, bodyOf, metaOf } from '../../http/actor';
import { documentRoute, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema } from '../../shared/schemas';
import { RegistrationSettingsInput } from './settings.schemas';
import { RegistrationSettings } from './settings.types';

/*
 * REST door of the company settings (docs/product.md#registration). Thin:
 * the actor and the body go to the service; the answer is what it returns.
 */

const tags = ['Settings'];
const Settings = objectSchema(RegistrationSettings);

documentRoute({
  method: 'get', path: '/api/settings/registration', summary: 'Who may create an account: the register screen reads it before showing a form', tags, access: 'public',
  responses: { 200: { description: 'The registration policy', schema: Settings } },
});
documentRoute({
  method: 'put', path: '/api/admin/settings/registration', summary: 'Change who may create an account (audited)', tags, access: 'admin', request: jsonBody(RegistrationSettingsInput),
  responses: { 200: { description: 'The policy as saved', schema: Settings } },
});

export function settingsRouter(services: Services): Router {
  const router = Router();
  const { settings } = services;

  router.get('/settings/registration', async (req, res) => {
    res.json(await settings.registration(actorOf(req)));
  });

  router.put('/admin/settings/registration', async (req, res) => {
    res.json(await settings.updateRegistration(actorOf(req), bodyOf(req), metaOf(req)));
  });

  return router;
}

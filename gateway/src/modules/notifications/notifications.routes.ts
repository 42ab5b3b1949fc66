import { Router } from 'express';
import { actorOf, bodyOf } from '../../http/actor';
import { documentRoute, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { NotificationId, NotificationPreferencesInput } from './notifications.schemas';
import { NotificationPreferencesType, NotificationsPageType, NotificationType, ReminderRunType } from './notifications.types';

/*
 * REST door of notifications and the reminder job (docs/product.md#notifications).
 * Thin: the actor and the input go to the service; the answer is what it returns.
 */

const tags = ['Notifications'];
const Preferences = objectSchema(NotificationPreferencesType);
const ReadAll = z.object({ updated: z.number().int().min(0).describe('Notifications marked read now') }).openapi('ReadAllNotifications');

documentRoute({
  method: 'get', path: '/api/notifications', summary: "The caller's newest 50 notifications and how many are unread", tags, access: 'user',
  responses: { 200: { description: 'Newest first', schema: objectSchema(NotificationsPageType) } },
});
documentRoute({
  method: 'post', path: '/api/notifications/read-all', summary: "Marks every unread notification of the caller read", tags, access: 'user',
  responses: { 200: { description: 'How many were unread', schema: ReadAll } },
});
documentRoute({
  method: 'post', path: '/api/notifications/{id}/read', summary: 'Marks one of the caller\'s notifications read (another user\'s answers 404)', tags, access: 'user',
  request: { params: z.object({ id: NotificationId }) }, responses: { 200: { description: 'The notification', schema: objectSchema(NotificationType) } }, errors: [404],
});
documentRoute({
  method: 'get', path: '/api/notifications/preferences', summary: 'What the caller is mailed: the digest can be turned off, escalations cannot', tags, access: 'user',
  responses: { 200: { description: 'The preferences', schema: Preferences } },
});
documentRoute({
  method: 'put', path: '/api/notifications/preferences', summary: 'Turns the daily digest on or off', tags, access: 'user', request: jsonBody(NotificationPreferencesInput),
  responses: { 200: { description: 'The preferences as saved', schema: Preferences } },
});
documentRoute({
  method: 'post', path: '/api/admin/jobs/reminders/run', summary: 'Runs the reminder job now (digests and escalations); a reminder already sent is not sent again', tags, access: 'admin',
  responses: { 200: { description: 'What this run sent', schema: objectSchema(ReminderRunType) } },
});

export function notificationsRouter(services: Services): Router {
  const router = Router();
  const { notifications, reminders } = services;

  router.get('/notifications', async (req, res) => {
    res.json(await notifications.list(actorOf(req)));
  });

  router.post('/notifications/read-all', async (req, res) => {
    res.json({ updated: await notifications.markAllRead(actorOf(req)) });
  });

  router.post('/notifications/:id/read', async (req, res) => {
    res.json(await notifications.markRead(actorOf(req), req.params.id));
  });

  router.get('/notifications/preferences', async (req, res) => {
    res.json(await notifications.preferences(actorOf(req)));
  });

  router.put('/notifications/preferences', async (req, res) => {
    res.json(await notifications.updatePreferences(actorOf(req), bodyOf(req)));
  });

  router.post('/admin/jobs/reminders/run', async (req, res) => {
    res.json(await reminders.runNow(actorOf(req)));
  });

  return router;
}

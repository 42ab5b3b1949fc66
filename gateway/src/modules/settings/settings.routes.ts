import { Router } from 'express';
import { actorOf, bodyOf, metaOf, queryOf } from '../../http/actor';
import { documentRoute, jsonBody } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema } from '../../shared/schemas';
import { CompanyCalendarInput, HolidayPresetQuery, RegistrationSettingsInput, ReminderSettingsInput } from './settings.schemas';
import { CompanyCalendar, HolidayPreset, RegistrationSettings, ReminderSettings } from './settings.types';

/*
 * REST door of the company settings (docs/product.md#registration,
 * #due-dates, #notifications). Thin:
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

const Calendar = objectSchema(CompanyCalendar);
const Reminders = objectSchema(ReminderSettings);
documentRoute({
  method: 'get', path: '/api/settings/calendar', summary: "The company calendar (time zone, working days, holidays) and the company's today", tags, access: 'user',
  responses: { 200: { description: 'The calendar', schema: Calendar } },
});
documentRoute({
  method: 'put', path: '/api/admin/settings/calendar', summary: 'Change the company calendar: open due dates move with it (audited)', tags, access: 'admin', request: jsonBody(CompanyCalendarInput),
  responses: { 200: { description: 'The calendar as saved', schema: Calendar } },
});
documentRoute({
  method: 'get', path: '/api/admin/settings/calendar/holidays', summary: "A country's public holidays in one year, to copy into the calendar", tags, access: 'admin', request: { query: HolidayPresetQuery },
  responses: { 200: { description: 'The holidays, by date', schema: objectSchema(HolidayPreset) } },
});
documentRoute({
  method: 'get', path: '/api/admin/settings/reminders', summary: 'Whether reminders go out, and after how many working days overdue tasks escalate', tags, access: 'admin',
  responses: { 200: { description: 'The reminder settings', schema: Reminders } },
});
documentRoute({
  method: 'put', path: '/api/admin/settings/reminders', summary: 'Change the reminder settings (audited)', tags, access: 'admin', request: jsonBody(ReminderSettingsInput),
  responses: { 200: { description: 'The settings as saved', schema: Reminders } },
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

  router.get('/settings/calendar', async (req, res) => {
    res.json(await settings.calendar(actorOf(req)));
  });

  router.put('/admin/settings/calendar', async (req, res) => {
    res.json(await settings.updateCalendar(actorOf(req), bodyOf(req), metaOf(req)));
  });

  router.get('/admin/settings/calendar/holidays', (req, res) => {
    res.json(settings.holidayPreset(actorOf(req), queryOf(req)));
  });

  router.get('/admin/settings/reminders', async (req, res) => {
    res.json(await settings.reminders(actorOf(req)));
  });

  router.put('/admin/settings/reminders', async (req, res) => {
    res.json(await settings.updateReminders(actorOf(req), bodyOf(req), metaOf(req)));
  });

  return router;
}

import { Router } from 'express';
import { adminRouter } from '../modules/admin';
import { authRouter } from '../modules/auth';
import { checklistRouter } from '../modules/checklist';
import { documentsRouter } from '../modules/documents';
import { insightsRouter } from '../modules/insights';
import { invitationsRouter } from '../modules/invitations';
import { journalRouter } from '../modules/journal';
import { notificationsRouter } from '../modules/notifications';
import { progressRouter } from '../modules/progress';
import { reportsRouter } from '../modules/reports';
import { rolesRouter } from '../modules/roles';
import { settingsRouter } from '../modules/settings';
import { usersRouter } from '../modules/users';
import type { Services } from '../services';
import { apiDocsRouter } from './api-docs';
import { apiNotFound } from './errors';

/** The REST door, mounted at /api: its contract is published at /api/openapi.json (docs/architecture.md). */
export function apiRouter(services: Services, options: { production: boolean }): Router {
  const router = Router();
  router.use(apiDocsRouter(options));
  router.use(authRouter(services));
  router.use(settingsRouter(services));
  router.use(rolesRouter(services));
  router.use(usersRouter(services));
  router.use(checklistRouter(services));
  router.use(progressRouter(services));
  router.use(documentsRouter(services));
  router.use(journalRouter(services));
  router.use(adminRouter(services));
  router.use(insightsRouter(services));
  router.use(invitationsRouter(services));
  router.use(notificationsRouter(services));
  router.use(reportsRouter(services));
  // Unknown /api paths answer JSON, not express's HTML 404.
  router.use(apiNotFound);
  return router;
}

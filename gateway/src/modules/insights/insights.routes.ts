import { Router } from 'express';
import { actorOf } from '../../http/actor';
import { documentRoute } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema } from '../../shared/schemas';
import { AdminInsightsType } from './insights.types';

/** REST door of the index charts, administrators only (401 anonymous, 403 anyone else). */

documentRoute({
  method: 'get', path: '/api/admin/stats/insights', summary: 'Completion by start-month cohort, overdue tasks by role and owner, the slowest items', tags: ['Administration'], access: 'admin',
  responses: { 200: { description: 'The data of the Administration index charts', schema: objectSchema(AdminInsightsType) } },
});

export function insightsRouter(services: Services): Router {
  const router = Router();
  router.get('/admin/stats/insights', async (req, res) => {
    res.json(await services.insights.insights(actorOf(req)));
  });
  return router;
}

import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { pingDatabase } from '../db/data-source';
import type { Logger } from '../shared/logger';

export interface HealthOptions {
  dataSource: DataSource;
  logger: Logger;
  /** Set during shutdown so load balancers stop routing here before we stop listening. */
  isShuttingDown: () => boolean;
  pingTimeoutMs?: number;
}

/** /healthz: the process is up. /readyz: it can serve (database reachable, not shutting down). */
export function healthRouter({ dataSource, logger, isShuttingDown, pingTimeoutMs = 2_000 }: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'unavailable', error: 'Shutting down' });
      return;
    }
    try {
      await pingDatabase(dataSource, pingTimeoutMs);
      res.json({ status: 'ready' });
    } catch (err) {
      logger.warn('readiness check failed: database unavailable', { err });
      res.status(503).json({ status: 'unavailable', error: 'Database unavailable' });
    }
  });
  return router;
}

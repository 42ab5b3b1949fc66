import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../shared/logger';
import { metricsRegistry } from './metrics';

let defaultsCollected = false;

export interface MetricsServer {
  server: http.Server;
  /** The port it listens on (the one asked for, or the system's pick for 0 in tests). */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus's text format, on a port of its own: the app (and so the shell's
 * proxy, which forwards only /api and /graphql) never serves it, and a deployment exposes this
 * port to its Prometheus only. Anything else answers 404.
 */
export async function startMetricsServer(options: { port: number; host?: string; logger: Logger }): Promise<MetricsServer> {
  if (!defaultsCollected) {
    // Process metrics: CPU, memory, event-loop lag, handles, garbage collection.
    collectDefaultMetrics({ register: metricsRegistry });
    defaultsCollected = true;
  }
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        options.logger.error('metrics collection failed', { err });
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics collection failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

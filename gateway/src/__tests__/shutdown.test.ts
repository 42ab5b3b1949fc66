import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testDatabaseUrl } from '../../test/database';
import { startGateway, waitForPort } from '../../test/gateway-process';

/*
 * The real bootstrap (src/index.ts through @swc-node/register, like `npm run dev`)
 * against the run's test database: it must start, serve, and exit 0 on SIGTERM.
 */

describe('gateway process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-gw-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the given database, serves, and exits 0 on SIGTERM', async () => {
    const gw = startGateway({ NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), GATEWAY_PORT: '0', SEED_DEMO: 'false', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const port = await waitForPort(gw);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      const roles = (await (await fetch(`http://127.0.0.1:${port}/api/roles`)).json()) as unknown[];
      expect(roles.length).toBeGreaterThan(0);
      // Outside production an unset JWT_SECRET is generated into DATA_DIR.
      expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

      gw.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([gw.exit, new Promise<null>((r) => (timer = setTimeout(() => r(null), 8_000)))]);
      clearTimeout(timer);
      expect(result).toEqual({ code: 0, signal: null });
      expect(gw.output()).toMatch(/shutdown complete/);
    } finally {
      if (gw.child.exitCode === null) gw.child.kill('SIGKILL');
    }
  });

  it('refuses to start in production without JWT_SECRET, saying why', async () => {
    const gw = startGateway({ NODE_ENV: 'production', DATABASE_URL: testDatabaseUrl(), GATEWAY_PORT: '0', DATA_DIR: dataDir });
    const result = await gw.exit;
    expect(result.code).toBe(1);
    expect(gw.output()).toMatch(/Invalid gateway configuration:\n\s+- JWT_SECRET is required in production/);
    expect(gw.output()).not.toMatch(/listening/);
  });
});

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../embedded';
import { captureLogger } from '../../../test/app';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/*
 * The lifecycle of a throwaway cluster: first start (initdb), stop, restart
 * reusing the cluster, and recovery from a stale postmaster.pid after a crash.
 * Runs as whoever runs the tests (root here: postgres runs as the postgres user).
 */
describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-embedded-'));
    // mkdtemp makes it 0700; as root, postgres must be able to traverse it.
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('initialises, restarts on the same cluster, and survives a stale postmaster.pid', async () => {
    const { logger, records } = captureLogger();
    const port = await freePort();
    const options = { dataDir, name: 'pg', port, logger, database: 'app', durable: false };

    const first = await startEmbeddedPostgres(options);
    try {
      expect(first.adopted).toBe(false);
      expect(first.url).toMatch(new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/app$`));
      await query(first.url, 'create table kept (v int); insert into kept values (42)');
    } finally {
      await first.stop();
    }
    expect(records.some((r) => r.msg.startsWith('initialising'))).toBe(true);
    const password = path.join(dataDir, 'pg.password');
    expect(fs.statSync(password).mode & 0o777).toBe(0o600);

    // A crash leaves postmaster.pid behind; its pid may since belong to another process (here: us).
    fs.writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `${process.pid}\n${path.join(dataDir, 'pg')}\n0\n${port}\n\n127.0.0.1\n0 0\nready\n`);
    records.length = 0;
    const second = await startEmbeddedPostgres(options);
    try {
      expect(records.some((r) => r.msg.startsWith('initialising'))).toBe(false);
      expect(records.some((r) => r.msg.startsWith('removing a stale postmaster.pid'))).toBe(true);
      expect(await query(second.url, 'select v from kept')).toEqual([{ v: 42 }]);
    } finally {
      await second.stop();
    }
    // Stopped for real: the port no longer answers.
    await expect(query(second.url, 'select 1')).rejects.toThrow();
  });

  it('refuses a data directory that is not a cluster', async () => {
    const { logger } = captureLogger();
    fs.mkdirSync(path.join(dataDir, 'junk'));
    fs.writeFileSync(path.join(dataDir, 'junk', 'file.txt'), 'not postgres');
    await expect(startEmbeddedPostgres({ dataDir, name: 'junk', port: await freePort(), logger })).rejects.toThrow(/not a PostgreSQL data directory/);
  });
});

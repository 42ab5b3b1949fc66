import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../app';
import { testConfig, TEST_JWT_SECRET } from '../../test/app';
import { checkContract } from '../../test/contract';
import { createUser, PROXY_ENV, randomIp, sessionFor, tokenFor, type TestUser } from '../../test/auth';
import { GRAPHQL_MATRIX, REST_MATRIX } from '../../test/authorization-matrix';
import { FuzzGenerator, INJECTIONS, loadContracts, type Actor, type FuzzRequest } from '../../test/fuzz';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database';
import { TokenService } from '../modules/auth';
import { createLogger, type LogLevel } from '../shared/logger';

/*
 * The hostile-input fuzz, generated from the checked-in contracts (test/fuzz.ts): every REST
 * operation of openapi.json and every Query and Mutation field of schema.graphql, as anonymous,
 * employee, administrator and with forged tokens. Whatever comes in: no 5xx, no stack, path or
 * SQL in the answer, a message in every error, and no rejected request, read or write, writes
 * anything (write triggers on every table, less the writes a refusal makes by design:
 * WRITE_LOG_TRIGGERS). It runs on a seeded database of its own, since an administrator's
 * valid-looking requests change instance-wide settings that other test files rely on.
 *
 *   FUZZ_SEED=n        replay a run (the seed is printed)     FUZZ_REQUESTS=n   how many (20,000)
 *   FUZZ_CONCURRENCY=n requests in flight (8; 1 for an exact replay)
 *   FUZZ_ONLY=regex    send only the generated requests of matching operations (same seed, same requests)
 *   FUZZ_LOG=error     the gateway's log (silent by default)    FUZZ_PROFILE=1   the slowest operations and forms
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed) >>> 0;
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 8));
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

/** Tables the write check leaves alone: the migrations' bookkeeping, and the write log itself. */
const WRITE_LOG_UNWATCHED = ['migrations', 'typeorm_metadata', 'fuzz_write_log'];
/** Sign-in refusals audited by design (auth.service.ts, reauth-guard.ts): a rejected request writes these and nothing else. */
const AUDITED_REFUSALS = ['auth.login_failure', 'auth.login_2fa_failure', 'auth.login_rate_limited', 'auth.register_refused', 'auth.password_check_failure', '2fa.check_failure'];
/**
 * The writes a rejected request makes by design, left out exactly (an event, a column list or a
 * condition of the trigger) so that every other write of a rejected request fails the test. Every
 * other table is watched for any insert, update or delete.
 */
const WRITE_LOG_TRIGGERS: Record<string, Array<{ events: string; when?: string }>> = {
  // Counting refused attempts is what a rate limit is for; its refunds and prunes go with it.
  rate_limits: [],
  sessions: [
    // Any signed-in request, refused or not, moves its session's last_seen_at (at most once a minute).
    { events: 'insert or update of user_id, created_at, expires_at, user_agent, ip, revoked_at' },
    // A sign-in attempt, refused or not, now and then prunes sessions ended over a day ago (auth.service.ts).
    { events: 'delete', when: "old.expires_at >= now() - interval '1 day' and (old.revoked_at is null or old.revoked_at >= now() - interval '1 day')" },
  ],
  // A refused second sign-in step counts an attempt on its challenge, and closes it when they are used up.
  login_challenges: [{ events: 'insert or delete or update of id, user_id, created_at, expires_at' }],
  audit_log: [
    { events: 'update or delete' },
    // A refused sign-in, registration or re-authentication is audited: that record is the point of refusing it.
    { events: 'insert', when: `new.action <> all (array[${AUDITED_REFUSALS.map((a) => `'${a}'`).join(', ')}])` },
  ],
};
/** What would leak internals anywhere: a stack frame or a source path. */
const STACK_LEAK = /\n\s+at [^\n]{1,200}:\d+:\d+|\bat [\w.<>]+ \([^()\s]+:\d+:\d+\)|node_modules\/|\/src\/|\/work\//;
/** In an error: a driver error or SQL text (a 2xx may echo a journal entry that quotes SQL, an error may not). */
const SQL_LEAK = /QueryFailedError|syntax error at or near|violates [\w ]{1,40} constraint|duplicate key value|relation "|column "[^"]{1,64}" (?:of|does)|\bselect [^\n]{1,80}? from \w|\binsert into \w/i;
/** Answers are scanned up to here: enough for any message, without regex passes over echoed megabytes. */
const SCAN_CHARS = 64 * 1024;
const MAX_EXAMPLES = 25;
/** Messages may quote the value they refuse (GraphQL does): an injection string sent by the fuzz is not SQL of the server's. */
const ECHOES = INJECTIONS.flatMap((text) => [text, JSON.stringify(text).slice(1, -1)]).filter((text) => SQL_LEAK.test(text));
const withoutEchoes = (text: string) => ECHOES.reduce((rest, echo) => rest.replaceAll(echo, ''), text);

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Matrix routes openapi.json does not document: the load balancer's probes, not part of the API. */
const UNDOCUMENTED_ROUTES: readonly string[] = ['GET /healthz', 'GET /readyz'];

describe('hostile input generated from openapi.json and schema.graphql', () => {
  const contracts = loadContracts();
  // The probes are the only routes openapi.json leaves out on purpose; they are fuzzed by their path
  // alone. Any other matrix route missing from the contract fails the coverage test below.
  const documented = new Set(contracts.rest.map((o) => o.id));
  const matrixRoutes = [...new Set(REST_MATRIX.map((row) => row.route.replace(/:([A-Za-z]+)/g, '{$1}')))];
  for (const route of matrixRoutes) {
    const [method = 'GET', template = '/'] = route.split(' ');
    if (documented.has(route) || !UNDOCUMENTED_ROUTES.includes(route)) continue;
    const pathParams = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1] ?? 'id', in: 'path' as const }));
    contracts.rest.push({ id: route, method, template, pathParams, query: [], body: null });
  }
  let scratch: ScratchDatabase;
  let db: DataSource;
  let gateway: App;
  let server: http.Server;
  let agent: http.Agent;
  let port = 0;
  const users: Record<'employee' | 'admin', TestUser | null> = { employee: null, admin: null };
  const tokens: Record<'employee' | 'admin', string> = { employee: '', admin: '' };
  const sessions: Record<'employee' | 'admin', string> = { employee: '', admin: '' };
  let forged: string[] = [];

  const perOperation = new Map<string, number>();
  const problems: Record<'serverErrors' | 'internal' | 'leaks' | 'noMessage' | 'rejectedWrites', string[]> = {
    serverErrors: [],
    internal: [],
    leaks: [],
    noMessage: [],
    rejectedWrites: [],
  };
  const timing = new Map<string, number>();
  /** Distinct generated requests sent; the write check's re-sends are counted apart, in resentCount. */
  let generated = 0;
  let serverErrorCount = 0;
  let rejectedCount = 0;
  let resentCount = 0;

  beforeAll(async () => {
    process.stdout.write(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests, ${CONCURRENCY} in flight\n`);
    scratch = await createScratchDatabase();
    db = scratch.dataSource;
    // A silent logger: logging 20,000 hostile requests would cost more than answering them.
    gateway = await createApp({ config: testConfig('test', PROXY_ENV), dataSource: db, logger: createLogger((process.env.FUZZ_LOG as LogLevel | undefined) ?? 'silent') });
    checkContract(gateway.app);
    await db.query(`
      create table fuzz_write_log (id bigserial primary key, tbl text not null, op text not null);
      create function fuzz_log_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_write_log (tbl, op) values (tg_table_name, tg_op);
        return null;
      end $$;`);
    const tables = (await db.query(`select tablename from pg_tables where schemaname = 'public' and not (tablename = any($1))`, [WRITE_LOG_UNWATCHED])) as Array<{ tablename: string }>;
    for (const { tablename } of tables) {
      const triggers = WRITE_LOG_TRIGGERS[tablename] ?? [{ events: 'insert or update or delete' }];
      for (const [n, { events, when }] of triggers.entries()) {
        await db.query(`create trigger fuzz_log_${tablename}_${n} after ${events} on "${tablename}" for each row ${when ? `when (${when}) ` : ''}execute function fuzz_log_write()`);
      }
    }
    users.employee = await createUser(db, { roleId: 1 });
    users.admin = await createUser(db, { roleId: 4 });
    await signInActors();
    forged = await badTokens(users.admin.id);
    server = http.createServer(gateway.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  });

  afterAll(async () => {
    agent?.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await gateway?.stop();
    await scratch?.drop();
  });

  async function signInActors(): Promise<void> {
    for (const who of ['employee', 'admin'] as const) {
      const user = users[who] as TestUser;
      sessions[who] = await sessionFor(db, user.id);
      tokens[who] = await new TokenService(TEST_JWT_SECRET).sign({ userId: user.id, sessionId: sessions[who] });
    }
  }

  async function badTokens(adminId: number): Promise<string[]> {
    const otherSecret = await new TokenService('not-the-secret-0123456789abcdef0123456789').sign({ userId: adminId, sessionId: await sessionFor(db, adminId) });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: String(adminId), sid: '00000000-0000-4000-8000-000000000000', aud: 'embark', iss: 'embark-gateway' })).toString('base64url');
    return [otherSecret, `${header}.${payload}.`, 'x', 'Bearer', '.'.repeat(5000), `${await tokenFor(db, adminId)}tampered`, "' OR 1=1 --"];
  }

  /**
   * An administrator's fuzz may revoke its own session, deactivate the employee or change a role:
   * after each batch the two actors are put back, so later requests still reach what sits behind
   * the sign-in. These writes happen between batches, outside any batch's write window.
   */
  async function restoreActors(): Promise<void> {
    const ids = [users.employee?.id, users.admin?.id];
    const rows = (await db.query(
      `select count(*)::int as ok from users u join sessions s on s.user_id = u.id
        where s.id = any($1::uuid[]) and s.revoked_at is null and u.is_active
          and ((u.id = $2 and u.role_id = 1) or (u.id = $3 and u.role_id = 4))`,
      [[sessions.employee, sessions.admin], ids[0], ids[1]],
    )) as Array<{ ok: number }>;
    if (rows[0]?.ok === 2) return;
    await db.query(`update users set is_active = true, role_id = case when id = $1 then 1 else 4 end where id = any($2)`, [ids[0], ids]);
    await signInActors();
  }

  async function writeMark(): Promise<number> {
    const rows = (await db.query('select coalesce(max(id), 0)::int as id from fuzz_write_log')) as Array<{ id: number }>;
    return rows[0]?.id ?? 0;
  }

  function headersFor(actor: Actor, index: number): Record<string, string> {
    if (actor === 'employee' || actor === 'admin') return { authorization: `Bearer ${tokens[actor]}` };
    if (actor === 'bad-token') return { authorization: `Bearer ${forged[index % forged.length] ?? 'x'}` };
    return {};
  }

  function once(req: FuzzRequest): Promise<Answer & { reused: boolean }> {
    return new Promise((resolve, reject) => {
      const body = req.method === 'GET' || req.method === 'HEAD' || req.body === undefined ? undefined : Buffer.from(req.body);
      const headers: Record<string, string | number> = { 'x-forwarded-for': randomIp(), ...req.headers, ...headersFor(req.actor, req.index) };
      if (body) headers['content-length'] = body.length;
      const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), contentType: String(res.headers['content-type'] ?? ''), reused: r.reusedSocket }));
        res.on('error', reject);
      });
      r.on('timeout', () => r.destroy(new Error('timed out after 30 s')));
      r.on('error', (err) => reject(Object.assign(err, { reused: r.reusedSocket })));
      r.end(body);
    });
  }

  /** Sends one request; a kept-alive socket the server had just closed is retried once on a new one, as Node advises. */
  async function send(req: FuzzRequest): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(req);
      } catch (err) {
        if (attempt === 0 && (err as { reused?: boolean }).reused) continue;
        return { status: 0, text: `request failed: ${String(err)}`, contentType: '' };
      }
    }
  }

  const label = (req: FuzzRequest) => `#${req.index} ${req.op} as ${req.actor}, ${req.kind} [${req.method} ${req.path.slice(0, 100)}]`;
  const note = (list: string[], text: string) => {
    if (list.length < MAX_EXAMPLES) list.push(text);
  };

  /** GraphQL answers 200 with errors: a request is rejected when it has errors and no data. */
  function rejected(req: FuzzRequest, answer: Answer): boolean {
    if (answer.status >= 400) return true;
    if (req.path.startsWith('/graphql')) {
      const one = (v: unknown): boolean => {
        const r = v as { errors?: unknown[]; data?: Record<string, unknown> | null };
        return Array.isArray(r?.errors) && r.errors.length > 0 && (r.data == null || Object.values(r.data).every((d) => d === null));
      };
      try {
        const parsed = JSON.parse(answer.text) as unknown;
        return Array.isArray(parsed) ? parsed.every(one) : one(parsed);
      } catch {
        return false;
      }
    }
    return false;
  }

  /** Every check of a single answer: no 5xx, no internals, a message in every error. */
  function inspect(req: FuzzRequest, answer: Answer): void {
    const where = label(req);
    if (answer.status === 0 || answer.status >= 500) {
      serverErrorCount++;
      note(problems.serverErrors, `${where} → ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    if (/INTERNAL_SERVER_ERROR|Internal server error/i.test(answer.text)) note(problems.internal, `${where}: ${answer.text.slice(0, 200)}`);
    const head = answer.text.slice(0, SCAN_CHARS);
    const leak = head.match(STACK_LEAK) ?? (rejected(req, answer) ? withoutEchoes(head).match(SQL_LEAK) : null);
    if (leak) note(problems.leaks, `${where}: ${leak[0]} in ${answer.text.slice(0, 200)}`);
    if (answer.status < 400 && !req.path.startsWith('/graphql')) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      // Node's HTTP parser refuses a request line or headers past 16 KB itself, with an empty 431, before the app sees it.
      if (answer.status === 431 && answer.text === '') return;
      if (answer.status >= 400) note(problems.noMessage, `${where} → ${answer.status} without a JSON body: ${answer.text.slice(0, 120)}`);
      return;
    }
    if (!req.path.startsWith('/graphql')) {
      const error = (parsed as { error?: unknown } | null)?.error;
      if (typeof error !== 'string' || !error.trim()) note(problems.noMessage, `${where} → ${answer.status}: ${answer.text.slice(0, 120)}`);
      return;
    }
    const errors = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((p) => ((p as { errors?: unknown[] } | null)?.errors ?? []) as Array<{ message?: unknown }>);
    if (errors.some((e) => typeof e?.message !== 'string' || !e.message.trim())) note(problems.noMessage, `${where}: GraphQL error without a message: ${answer.text.slice(0, 120)}`);
  }

  /** Sends `reqs` at once; answers each request's answer, and times each form of request. */
  function sendAll(reqs: FuzzRequest[]): Promise<Answer[]> {
    return Promise.all(
      reqs.map(async (req) => {
        const t0 = performance.now();
        const a = await send(req);
        const key = `${req.op} / ${req.kind}`;
        timing.set(key, (timing.get(key) ?? 0) + performance.now() - t0);
        return a;
      }),
    );
  }

  /**
   * A batch goes out concurrently between two marks of the write log. No write at all: every
   * rejected request in it (a GET, a GraphQL query or a mutation alike) wrote nothing. Writes (from
   * the accepted ones): its rejected requests are checked again by recheck().
   */
  async function runBatch(batch: FuzzRequest[]): Promise<void> {
    const before = await writeMark();
    const answers = await sendAll(batch);
    const after = await writeMark();
    const rejects: FuzzRequest[] = [];
    batch.forEach((req, i) => {
      const answer = answers[i] as Answer;
      inspect(req, answer);
      perOperation.set(req.op, (perOperation.get(req.op) ?? 0) + 1);
      if (rejected(req, answer)) {
        rejectedCount++;
        rejects.push(req);
      }
    });
    generated += batch.length;
    if (after !== before && rejects.length > 0) await recheck(rejects);
  }

  /**
   * The rejected requests of a batch that wrote, sent again together between two marks: usually
   * nothing is written, and each of them is cleared at once. Otherwise each one still rejected is
   * sent once more on its own, between its own marks, and any write it makes is reported.
   */
  async function recheck(rejects: FuzzRequest[]): Promise<void> {
    const mark = await writeMark();
    const answers = await sendAll(rejects);
    resentCount += rejects.length;
    const still = rejects.filter((req, i) => {
      inspect(req, answers[i] as Answer);
      return rejected(req, answers[i] as Answer);
    });
    if ((await writeMark()) === mark) return;
    for (const req of still) {
      const alone = await writeMark();
      const answer = await send(req);
      resentCount++;
      inspect(req, answer);
      const wrote = (await writeMark()) - alone;
      if (rejected(req, answer) && wrote > 0) {
        const tables = (await db.query('select tbl, op, count(*)::int as n from fuzz_write_log where id > $1 group by 1, 2', [alone])) as unknown[];
        note(problems.rejectedWrites, `${label(req)} → ${answer.status} wrote ${JSON.stringify(tables)}: ${answer.text.slice(0, 160)}`);
      }
    }
  }

  it(`sends ${REQUESTS} generated hostile requests and every answer is clean`, async () => {
    const rows = (await db.query(`
      select id from users union select id from roles union select id from checklist_items
      union select id from documents union select id from journal_entries order by 1 limit 40`)) as Array<{ id: number }>;
    const ids = [...new Set([...rows.map((r) => r.id), users.employee?.id ?? 1, users.admin?.id ?? 1])];
    const generator = new FuzzGenerator(contracts, SEED, { ids, uuids: [sessions.employee, sessions.admin, '4a5b6c7d-0000-4000-8000-000000000001'] });
    const started = Date.now();

    // Only generated requests count towards REQUESTS; FUZZ_ONLY picks among the first REQUESTS generated.
    let batch: FuzzRequest[] = [];
    for (let index = 0; ONLY ? index < REQUESTS : generated + batch.length < REQUESTS; index++) {
      const req = generator.next(index);
      if (ONLY && !ONLY.test(req.op)) continue;
      batch.push(req);
      if (batch.length === CONCURRENCY) {
        await runBatch(batch);
        await restoreActors();
        batch = [];
      }
    }
    if (batch.length) await runBatch(batch);

    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `fuzz: ${generated} requests, ${serverErrorCount} 5xx (seed ${SEED}; ${rejectedCount} rejected, each checked to have written nothing; ${resentCount} re-sends for that check, not counted; ${seconds.toFixed(1)} s, ${Math.round(generated / seconds)} req/s)\n`,
    );

    if (process.env.FUZZ_PROFILE) process.stdout.write([...timing].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${Math.round(v)} ms ${k}`).join('\n') + '\n');
    expect(generated).toBeGreaterThanOrEqual(ONLY ? 1 : REQUESTS);
    expect(problems.serverErrors).toEqual([]);
    expect(problems.internal).toEqual([]);
    expect(problems.leaks).toEqual([]);
    expect(problems.noMessage).toEqual([]);
    expect(problems.rejectedWrites).toEqual([]);
    // Most of a hostile fuzz is refused; if it is not, the generator has stopped being hostile.
    expect(rejectedCount).toBeGreaterThan(generated / 3);
    // And some of it is accepted and writes: the valid-looking requests reach the services, and the triggers see writes.
    expect(rejectedCount).toBeLessThan(generated);
    expect(await writeMark()).toBeGreaterThan(0);

    // On a fresh connection: the process is still ready after all of it.
    const health = await new Promise<number>((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/readyz`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(health).toBe(200);
  }, 120_000 + REQUESTS * 20);

  (ONLY ? it.skip : it)('exercised every operation of the contracts and every row of the authorization matrix', () => {
    const operations = [...contracts.rest.map((o) => o.id), ...contracts.graphql.map((o) => o.id), 'GraphQL transport'];
    expect(contracts.rest.length).toBeGreaterThan(50);
    expect(contracts.graphql.length).toBeGreaterThan(50);
    // Each operation gets its turn in rotation: at least half its share, so none is fuzzed only in passing.
    const share = Math.floor(REQUESTS / operations.length / 2);
    expect(operations.filter((op) => (perOperation.get(op) ?? 0) < share)).toEqual([]);

    // Every route of the authorization matrix is in the contract (so generated here) or a known probe,
    // and every one, like every field the matrix lists, was exercised.
    expect(matrixRoutes.filter((route) => !documented.has(route)).sort()).toEqual([...UNDOCUMENTED_ROUTES].sort());
    expect(matrixRoutes.filter((route) => !perOperation.has(route))).toEqual([]);
    expect([...new Set(GRAPHQL_MATRIX.map((row) => row.field))].filter((field) => !perOperation.has(field))).toEqual([]);
  });
});

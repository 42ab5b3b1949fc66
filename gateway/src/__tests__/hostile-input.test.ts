import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { buildGraphQLSchema } from '../graphql/schema';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { createUser, deleteUsers, PROXY_ENV, randomIp, sessionFor, tokenFor, type TestUser } from '../../test/auth';
import { REST_MATRIX } from '../../test/authorization-matrix';
import { testDatabaseUrl } from '../../test/database';
import { TokenService } from '../modules/auth';

/*
 * A generated fuzz of hostile requests over every REST route (the
 * authorization matrix lists them all) and every GraphQL operation (from the built
 * schema): wrong types, missing and extra fields, huge strings and bodies, malformed
 * JSON, injection strings, bad ids and bad tokens. Whatever comes in: no 5xx (and no
 * INTERNAL_SERVER_ERROR in GraphQL), no leaked internals, the process keeps serving,
 * and a rejected request writes nothing. Writes are observed with triggers that log
 * only this test's connections (application_name), so parallel test files don't count.
 */

const APP_NAME = 'embark-hostile-input';
const WRITE_LOG_EXCLUDED = ['audit_log', 'rate_limits', 'login_challenges', 'migrations', 'fuzz_write_log', 'typeorm_metadata'];
/** Writes watched per table where not all of them count. */
const WRITE_LOG_EVENTS: Record<string, string> = {
  // Any signed-in request, rejected or not, may move its session's last_seen_at (once a minute); starting,
  // ending or re-owning a session is still a write.
  sessions: 'insert or delete or update of revoked_at, user_id, expires_at',
};
const SEED = 0x5eed;
const MIN_REQUESTS = 5000;

/** Deterministic PRNG (mulberry32): a failing case can be replayed from the seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  '"); DELETE FROM roles; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u0002',
  '%00%27%22',
  '\\\\\\"',
  '𝕳𝖔𝖘𝖙𝖎𝖑𝖊 🧨 ﷽',
  '__proto__',
  '$where: function() { return true }',
  'a'.repeat(10_000),
];
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', 'NaN', '%27', '1%20OR%201=1', '0x10', '1e3', ' 1', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', `${'0'.repeat(8)}-${'0'.repeat(4)}-0000-0000-${'0'.repeat(12)}'--`];
const WRONG_VALUES: unknown[] = [null, true, false, -1, 0, 1.5, 2 ** 53, -(2 ** 31) - 1, '', ' ', [], {}, [1, 'a', null], { $gt: '' }, 'x'.repeat(300_000), ...INJECTIONS];
// Every body field name the API knows, so generated bodies hit real validation paths.
const FIELDS = [
  'name', 'email', 'password', 'role_id', 'description', 'status', 'completed', 'note', 'notes', 'completed_at', 'completedAt',
  'token', 'isBackupCode', 'title', 'content', 'visibility', 'tags', 'linked_task_ids', 'url', 'document_class_id', 'role_ids',
  'start_date', 'type', 'priority', 'item_order', 'due_days', 'ids', 'user_ids', 'item_ids', 'checklist_item_ids', 'is_company_policy',
  'mode', 'domains', 'currentPassword', 'newPassword', 'challengeId',
  'manager_id', 'buddy_id', 'reonboard',
  'time_zone', 'working_days', 'holidays', 'holiday_country', 'reminders_enabled', 'escalation_days', 'country', 'year',
  'digest',
  'owner_type', 'owner_role_id',
];

/** Import files (the body of the CSV import): broken CSV, hostile cells, too many lines, too many bytes. */
const CSV_HEADER = 'email,name,role,start_date,manager_email,buddy_email';
function hostileCsv(): string {
  const cell = () => {
    const value = String(pick(WRONG_VALUES)).slice(0, 5000);
    return random() < 0.5 ? `"${value.replaceAll('"', '""')}"` : value;
  };
  switch (Math.floor(random() * 8)) {
    case 0:
      return [CSV_HEADER, ...Array.from({ length: 1 + Math.floor(random() * 5) }, () => Array.from({ length: 6 }, cell).join(','))].join(pick(['\n', '\r\n', '\r']));
    case 1:
      return `${CSV_HEADER}\n"unclosed,${pick(INJECTIONS)},1,,,\n`;
    case 2:
      return String.fromCharCode(...Array.from({ length: 512 }, () => Math.floor(random() * 0xffff)));
    case 3:
      return `\uFEFF${CSV_HEADER}\n${Array.from({ length: 300 }, cell).join(',')}\n`;
    case 4:
      return `${CSV_HEADER}\n${'a,b,c,d,e,f\n'.repeat(10_050)}`;
    case 5:
      return pick(['', '\n\n', ',,,,,', '"', '\uFEFF', CSV_HEADER.toUpperCase()]);
    case 6:
      return `${CSV_HEADER}\n=cmd|' /C calc'!A0,+1+1,-2,@SUM(1),=HYPERLINK("http://x"),\n`;
    default:
      return `${pick([CSV_HEADER, 'email;name;role', '"email","name"'])}\n${pick(INJECTIONS)}@example.org,"a""b",Employee,2030-02-30,${pick(INJECTIONS)},\n`;
  }
}

function hostileBody(): unknown {
  switch (Math.floor(random() * 6)) {
    case 0:
      return {};
    case 1:
      return pick(WRONG_VALUES);
    case 2: {
      const body: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 6); i++) body[pick(FIELDS)] = pick(WRONG_VALUES);
      return body;
    }
    case 3:
      return { ...Object.fromEntries(FIELDS.map((f) => [f, pick(WRONG_VALUES)])), extra: 'field', isAdmin: true, role_id: 4 };
    case 4:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"admin": true}}}') as unknown;
    default:
      return [pick(WRONG_VALUES), pick(WRONG_VALUES)];
  }
}

interface Outcome {
  label: string;
  status: number;
  text: string;
  wrote: number;
}

describe('hostile input over every REST route and GraphQL operation', () => {
  let t: TestApp;
  let server: http.Server;
  let base = '';
  let employee: TestUser;
  let admin: TestUser;
  const tokens: Record<'employee' | 'admin', string> = { employee: '', admin: '' };
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    url.searchParams.set('application_name', APP_NAME);
    t = await buildTestApp({ url: url.toString(), env: PROXY_ENV });
    await t.dataSource.query(`
      create table if not exists fuzz_write_log (id bigserial primary key, tbl text not null, op text not null);
      create or replace function fuzz_log_write() returns trigger language plpgsql as $$
      begin
        if current_setting('application_name', true) = '${APP_NAME}' then
          insert into fuzz_write_log (tbl, op) values (tg_table_name, tg_op);
        end if;
        return null;
      end $$;`);
    const tables = (await t.dataSource.query(
      `select tablename from pg_tables where schemaname = 'public' and not (tablename = any($1))`,
      [WRITE_LOG_EXCLUDED],
    )) as Array<{ tablename: string }>;
    for (const { tablename } of tables) {
      await t.dataSource.query(
        `create or replace trigger fuzz_log_${tablename} after ${WRITE_LOG_EVENTS[tablename] ?? 'insert or update or delete'} on "${tablename}" for each row execute function fuzz_log_write()`,
      );
    }
    employee = await createUser(t.dataSource, { roleId: 1 });
    admin = await createUser(t.dataSource, { roleId: 4 });
    tokens.employee = await tokenFor(t.dataSource, employee.id);
    tokens.admin = await tokenFor(t.dataSource, admin.id);
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const tables = (await t.dataSource.query(`select tgname, tgrelid::regclass::text as tbl from pg_trigger where tgname like 'fuzz_log_%'`)) as Array<{
      tgname: string;
      tbl: string;
    }>;
    for (const { tgname, tbl } of tables) await t.dataSource.query(`drop trigger if exists ${tgname} on ${tbl}`);
    await t.dataSource.query('drop table if exists fuzz_write_log; drop function if exists fuzz_log_write()');
    await deleteUsers(t.dataSource, [employee.id, admin.id]);
    await t.close();
  });

  async function writeMark(): Promise<number> {
    const rows = (await t.dataSource.query('select coalesce(max(id), 0)::int as id from fuzz_write_log')) as Array<{ id: number }>;
    return (rows[0] as { id: number }).id;
  }

  async function badTokens(): Promise<string[]> {
    const forged = await new TokenService('not-the-secret-0123456789abcdef0123456789').sign({ userId: admin.id, sessionId: await sessionFor(t.dataSource, admin.id) });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: String(admin.id), sid: '00000000-0000-4000-8000-000000000000', aud: 'embark', iss: 'embark-gateway' })).toString('base64url');
    expect(TEST_JWT_SECRET).not.toContain('not-the-secret');
    return [forged, `${header}.${payload}.`, 'x', 'Bearer', '.'.repeat(5000), `${tokens.admin}tampered`, "' OR 1=1 --"];
  }

  /** Sends one request and records its outcome, including whether it wrote anything. */
  async function send(label: string, method: string, path: string, init: { headers?: Record<string, string>; body?: string }): Promise<void> {
    const before = await writeMark();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(base + path, {
        method,
        headers: { 'x-forwarded-for': randomIp(), ...init.headers },
        body: method === 'GET' || method === 'HEAD' ? undefined : init.body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = `request failed: ${String(err)}`;
    }
    outcomes.push({ label: `${label} [${method} ${path.slice(0, 120)}]`, status, text, wrote: (await writeMark()) - before });
  }

  function authHeaders(): Record<string, string> {
    const who = random();
    if (who < 0.35) return { authorization: `Bearer ${tokens.employee}` };
    if (who < 0.7) return { authorization: `Bearer ${tokens.admin}` };
    return {};
  }

  /**
   * Every answer so far was clean: no 5xx, no stack or SQL in it, REST errors with a message, no
   * write by a rejected request, and the server still ready afterwards.
   */
  async function expectAnsweredCleanly(minimum: number): Promise<void> {
    expect(outcomes.length).toBeGreaterThanOrEqual(minimum);
    const serverErrors = outcomes.filter((o) => o.status === 0 || o.status >= 500);
    expect(serverErrors.map((o) => `${o.label} → ${o.status}: ${o.text.slice(0, 200)}`)).toEqual([]);

    const internal = outcomes.filter((o) => /INTERNAL_SERVER_ERROR|Internal server error/.test(o.text));
    expect(internal.map((o) => `${o.label}: ${o.text.slice(0, 200)}`)).toEqual([]);

    const leaks = outcomes.filter((o) => /\n\s+at |\bat .+\(.+:\d+:\d+\)|node_modules|\/src\/|QueryFailedError|syntax error at or near/.test(o.text));
    expect(leaks.map((o) => `${o.label}: ${o.text.slice(0, 200)}`)).toEqual([]);

    const restErrorsWithoutMessage = outcomes.filter((o) => !o.label.startsWith('graphql') && o.status >= 400 && !/"error":"[^"]+"/.test(o.text));
    expect(restErrorsWithoutMessage.map((o) => `${o.label} → ${o.status}: ${o.text.slice(0, 120)}`)).toEqual([]);

    // GraphQL answers 200 with errors: a request is rejected when it has errors and no data.
    const rejected = (o: Outcome) => o.status >= 400 || (o.label.startsWith('graphql') && /"errors"/.test(o.text) && !/"data":\{(?!"[^"]+":null\})/.test(o.text));
    const rejectedWrites = outcomes.filter((o) => rejected(o) && o.wrote > 0);
    expect(rejectedWrites.map((o) => `${o.label} → ${o.status} wrote ${o.wrote} row(s): ${o.text.slice(0, 120)}`)).toEqual([]);

    // On a fresh connection: a pooled one may be a socket the server just closed after a rejected body (ECONNRESET).
    const health = await new Promise<number>((resolve, reject) => {
      http.get(`${base}/readyz`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(health).toBe(200);
  }

  // Three tests rather than one, so that each part has its own time limit on a busy machine.
  beforeEach(() => {
    outcomes.length = 0;
  });

  it(`sends at least ${MIN_REQUESTS} hostile requests to the REST routes and every one is answered cleanly`, async () => {
    const bad = await badTokens();
    const routes = [...new Set(REST_MATRIX.map((row) => row.route))];
    expect(routes.length).toBeGreaterThan(10);

    for (const route of routes) {
      const [method = 'GET', template = '/'] = route.split(' ');
      const fill = (id: () => string) => template.replace(/:[A-Za-z]+/g, () => encodeURIComponent(id()));
      const validish = () => pick([String(employee.id), String(admin.id), '1', '2', '3']);
      for (let i = 0; i < 90; i++) {
        const path = fill(() => (random() < 0.5 ? pick(BAD_IDS) : validish()));
        const kind = i % 10;
        if (kind === 0) {
          await send('bad token', method, path, { headers: { authorization: `Bearer ${pick(bad)}`, 'content-type': 'application/json' }, body: '{}' });
        } else if (kind === 1) {
          await send('malformed JSON', method, path, { headers: { ...authHeaders(), 'content-type': 'application/json' }, body: pick(['{"a":', '{', '[1,', 'nul', '{"a":1}}', '\u0000']) });
        } else if (kind === 2) {
          await send('oversized body', method, path, { headers: { ...authHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x'.repeat(1_100_000) }) });
        } else if (kind === 3) {
          await send('wrong content type', method, path, { headers: { ...authHeaders(), 'content-type': pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) }, body: 'name=x&role_id=4' });
        } else if (kind === 4) {
          const query = `?${pick(['q', 'tag', 'page', 'limit', 'sort', 'order', 'visibility', 'dateRange', 'search', 'class', 'status', 'dry_run', 'country', 'year', 'offset'])}=${encodeURIComponent(String(pick(WRONG_VALUES)).slice(0, 2000))}`;
          await send('hostile query string', method, path + query, { headers: authHeaders() });
        } else {
          await send('hostile body', method, path, { headers: { ...authHeaders(), 'content-type': 'application/json' }, body: JSON.stringify(hostileBody()) });
        }
      }
    }

    await expectAnsweredCleanly(MIN_REQUESTS);
  }, 600_000);

  it('answers hostile CSV files to the invitation import cleanly', async () => {
    // The CSV import reads the file itself as its body: hostile files in every charset a client may claim.
    for (let i = 0; i < 150; i++) {
      const contentType = pick(['text/csv', 'text/csv; charset=utf-8', 'text/csv; charset=latin1', 'text/csv; charset=utf-16le', 'text/csv; charset=x-unknown']);
      const body = i % 50 === 49 ? `${CSV_HEADER}\n${'x'.repeat(6 * 1024 * 1024)}` : hostileCsv();
      await send('hostile CSV', 'POST', `/api/admin/invitations/import${pick(['', '?dry_run=true', '?dry_run=1', `?dry_run=${encodeURIComponent(pick(INJECTIONS))}`])}`, {
        headers: { ...authHeaders(), 'content-type': contentType },
        body,
      });
    }

    await expectAnsweredCleanly(150);
  }, 600_000);

  it('answers hostile GraphQL operations and transports cleanly', async () => {
    const bad = await badTokens();
    const schema = await buildGraphQLSchema();
    const operations: Array<{ kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> = [];
    for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
      for (const field of Object.values(type?.getFields() ?? {})) operations.push({ kind, field });
    }
    expect(operations.length).toBeGreaterThan(10);

    const selection = (field: GraphQLField<unknown, unknown>) => (isObjectType(getNamedType(field.type)) ? ' { __typename }' : '');
    const hostileFor = (type: GraphQLInputType): unknown => {
      const named = getNamedType(type);
      if (random() < 0.3) return pick(WRONG_VALUES);
      if (isListType(isNonNullType(type) ? type.ofType : type)) return [pick(WRONG_VALUES), hostileFor(named as GraphQLInputType)];
      if (isInputObjectType(named)) return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, hostileFor(f.type)]).concat([['unknownField', 1]]));
      if (isEnumType(named)) return pick(['NOT_A_VALUE', '', null, ...named.getValues().map((v) => v.name)]);
      if (isScalarType(named) && (named.name === 'Int' || named.name === 'Float')) return pick([-1, 0, 2 ** 31, -(2 ** 31) - 1, 1.5, 99999999]);
      return pick(INJECTIONS);
    };
    for (const { kind, field } of operations) {
      const args: readonly GraphQLArgument[] = field.args;
      for (let i = 0; i < 50; i++) {
        const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
        const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
        const query = `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection(field)} }`;
        const variables = Object.fromEntries(args.map((a) => [a.name, random() < 0.1 ? undefined : hostileFor(a.type)]));
        const mode = i % 8;
        let body: string;
        if (mode === 0) body = JSON.stringify({ query: `${kind} { ${field.name}(${args.map((a) => `${a.name}: ${JSON.stringify(pick(INJECTIONS))}`).join(', ') || 'bogus: 1'})${selection(field)} }` });
        else if (mode === 1) body = JSON.stringify({ query, variables: pick(WRONG_VALUES) });
        else if (mode === 2) body = JSON.stringify([{ query, variables }, { query, variables }]);
        else if (mode === 3) body = `{"query": ${JSON.stringify(query)}, "variables": {`;
        else if (mode === 4) body = JSON.stringify({ query: `${kind} { ${Array.from({ length: 40 }, (_, n) => `a${n}: ${field.name}${selection(field)}`).join(' ')} }` });
        else body = JSON.stringify({ query, variables, operationName: random() < 0.2 ? pick(INJECTIONS) : 'Fuzz' });
        const headers = i % 9 === 0 ? { authorization: `Bearer ${pick(bad)}` } : authHeaders();
        await send(`graphql ${kind}.${field.name}`, 'POST', '/graphql', { headers: { ...headers, 'content-type': 'application/json' }, body });
      }
    }
    for (let i = 0; i < 60; i++) {
      await send('graphql transport', pick(['GET', 'POST', 'PUT']), `/graphql?query=${encodeURIComponent(pick(['{', 'mutation { logout { success } }', '{ __schema { types { name } } }', pick(INJECTIONS)]))}`, {
        headers: { ...authHeaders(), 'content-type': pick(['application/json', 'text/plain', 'application/graphql']) },
        body: pick(['', 'null', '42', '"query"', '{"query": 42}', '{"query": "{ roles { id } }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "x"}}}']),
      });
    }

    await expectAnsweredCleanly(operations.length * 50);
  }, 600_000);
});

// The floor: a bare node:http + pg server answering the two benchmarked reads with the gateway's
// own statements and the same JSON, with nothing else: no express, no GraphQL execution, no
// TypeORM, no authentication (the user id is read from the path, or from the bearer token's
// payload WITHOUT verifying it). What the gateway costs on top of this is the price of its
// framework, its auth check and its GraphQL layer.
//
// An honest floor takes every database-side advantage the gateway takes, so a ratio to it
// measures the Node.js side only:
//   - the same SQL text (the built gateway's LOAD_CHECKLIST_SQL; the linked-documents read
//     verbatim), run as NAMED statements under the gateway's own names, so PostgreSQL plans each
//     once per connection, as it does for the gateway;
//   - a pool of the gateway's size (DATABASE_POOL_MAX, passed by gateway.mjs to both);
//   - no more round trips per request than the gateway (REST: checklist + documents; GraphQL:
//     checklist; the gateway adds its session check).
// `GET /__floor/statements` answers which named statements each pooled connection holds
// (pg_prepared_statements), so the bench checks the names are really set, not just declared.
//
// The bench runs it as a process of its own (spawnFloorServer), as the gateway runs: in the bench's
// process it would share one event loop with the load generator.
//
// Standalone: DATABASE_URL=postgres://… PORT=4210 node bench/floor-server.mjs
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gatewayDependency, requireBuilt } from './lib/gateway-deps.mjs';
import { GATEWAY_NODE_ARGS } from '../scripts/lib/gateway-node.mjs';
import { track } from './lib/cleanup.mjs';
import { DASHBOARD_QUERY } from './queries.mjs';

/** The gateway's DATABASE_POOL_MAX default (config/env.ts); gateway.mjs sets it explicitly on both servers. */
export const DEFAULT_POOL_MAX = 10;

/**
 * The checklist read exactly as the gateway runs it (ChecklistService.loadChecklist): its
 * statement name and text from the built gateway, and its parameters (user, viewer, now).
 */
export function checklistStatement() {
  const { LOAD_CHECKLIST_SQL } = requireBuilt('modules/checklist/checklist.sql.js');
  return { name: 'embark_load_checklist', text: LOAD_CHECKLIST_SQL, params: (userId, viewerId = userId, now = new Date()) => [userId, viewerId, now] };
}

// documents.sql.ts LINKED_DOCUMENTS_SQL, verbatim (the module keeps it private), under the gateway's name.
const DOCUMENTS = {
  name: 'embark_linked_documents',
  text: `select cid.checklist_item_id, d.id, d.title, d.url, d.description, dc.name as document_class_name
       from checklist_item_documents cid
       join documents d on d.id = cid.document_id
       join document_classes dc on dc.id = d.document_class_id
      where cid.checklist_item_id = any($1::int[])
      order by cid.checklist_item_id, lower(d.title), d.id`,
};

/** The statement names the floor runs; the bench expects each in pg_prepared_statements. */
export const FLOOR_STATEMENTS = ['embark_load_checklist', DOCUMENTS.name];

/**
 * The fields the benchmarked dashboard query selects, as a tree (a field is `true` or
 * `{ args, fields }`), parsed once at start from the very query the load sends: the floor answers
 * that selection and nothing more, as GraphQL does, without executing anything per request.
 */
function selectionTree(query) {
  const { parse, valueFromASTUntyped } = gatewayDependency('graphql');
  const walk = (set) => Object.fromEntries(set.selections.map((s) => [
    s.name.value,
    s.selectionSet ? { args: Object.fromEntries((s.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value)])), fields: walk(s.selectionSet) } : true,
  ]));
  return walk(parse(query).definitions[0].selectionSet);
}

/** A function answering `node`'s selection of a value, compiled once (as a JIT executor would). */
function projector(node) {
  if (node === true) return (value) => value;
  const fields = Object.entries(node.fields).map(([name, sub]) => [name, projector(sub)]);
  const one = (value) => {
    if (value === null || value === undefined) return null;
    const out = {};
    for (const [name, answer] of fields) out[name] = answer(value[name]);
    return out;
  };
  return (value) => (Array.isArray(value) ? value.map(one) : one(value));
}

/**
 * @param {{ databaseUrl: string, port: number, poolMax?: number }} options poolMax: the gateway's DATABASE_POOL_MAX
 */
export async function startFloorServer({ databaseUrl, port, poolMax = DEFAULT_POOL_MAX }) {
  const pg = gatewayDependency('pg');
  // The gateway's pure rules (no I/O): the same numbers, computed the same way.
  const { daysBetween, estimatedTime, isOverdue, ownerLabel } = requireBuilt('modules/checklist/index.js');
  const { buildDashboard } = requireBuilt('modules/dashboard/dashboard.rules.js');
  const checklist = checklistStatement();
  const selection = selectionTree(DASHBOARD_QUERY).dashboard;
  const answerDashboard = projector(selection);
  // The limits the query asks for (the resolver's default, 3, when it asks none).
  const limitOf = (field) => selection.fields[field]?.args?.limit ?? 3;
  const upcomingLimit = limitOf('upcomingTasks');
  const recentLimit = limitOf('recentActivity');
  // The gateway's pool settings that matter under load (db/data-source.ts): its size and its idle timeout.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined);

  /** ChecklistService.loadChecklist and toUserChecklistItem: one named statement, the rows mapped alike. */
  async function loadChecklist(userId) {
    const now = new Date();
    const { rows } = await pool.query({ name: checklist.name, text: checklist.text, values: checklist.params(userId, userId, now) });
    const first = rows[0];
    if (!first) return null;
    const day = { today: first.today, timeZone: first.time_zone };
    const items = [];
    for (const r of rows) {
      if (r.id === null) continue;
      const completed = r.status === 'completed';
      items.push({
        id: r.id, title: r.title, description: r.description, type: r.type, priority: r.priority, role_id: r.role_id,
        item_order: r.item_order, due_days: r.due_days, created_at: r.created_at, updated_at: r.updated_at,
        owner_type: r.owner_type, owner_role_id: r.owner_role_id,
        has_progress: r.progress_id !== null, progress_id: r.progress_id, status: completed ? 'completed' : 'pending', completed,
        note: r.note, due_date: r.due_date, completed_at: r.completed_at,
        dueDate: r.due, isOverdue: isOverdue(r.due, completed, day.today), daysUntilDue: daysBetween(day.today, r.due), estimatedTime: estimatedTime(r.type),
        ownerLabel: ownerLabel(r.owner_type, r.owner_role_name), ownerName: r.owner_name, canComplete: r.viewer_owns,
      });
    }
    return { startDate: first.start_date, items, now, day };
  }

  /** The REST answer: the items with their linked documents, from one more named statement. */
  async function checklistJson(userId) {
    const loaded = await loadChecklist(userId);
    if (!loaded) return null;
    if (loaded.items.length === 0) return [];
    const byItem = new Map();
    const { rows } = await pool.query({ name: DOCUMENTS.name, text: DOCUMENTS.text, values: [[...new Set(loaded.items.map((i) => i.id))]] });
    for (const { checklist_item_id: itemId, ...doc } of rows) {
      if (!byItem.has(itemId)) byItem.set(itemId, []);
      byItem.get(itemId).push(doc);
    }
    // The items are this request's own: adding the field in place spares a copy of each.
    for (const item of loaded.items) item.documents = byItem.get(item.id) ?? [];
    return loaded.items;
  }

  async function dashboardJson(userId) {
    const loaded = await loadChecklist(userId);
    if (!loaded) return null;
    const d = buildDashboard(loaded.items, loaded.startDate, loaded.now, loaded.day);
    const full = Object.assign({ upcomingTasks: d.upcoming.slice(0, upcomingLimit), recentActivity: d.recent.slice(0, recentLimit) }, d);
    return { data: { dashboard: answerDashboard(full) } };
  }

  /** Which named statements each pooled connection holds: every client checked out at once, each asked. */
  async function preparedStatements() {
    const clients = await Promise.all(Array.from({ length: poolMax }, () => pool.connect()));
    try {
      const perClient = await Promise.all(clients.map(async (c) => (await c.query('select name from pg_prepared_statements')).rows.map((r) => r.name)));
      const connections = Object.fromEntries(FLOOR_STATEMENTS.map((name) => [name, perClient.filter((names) => names.includes(name)).length]));
      return { poolMax, statements: FLOOR_STATEMENTS, connections };
    } finally {
      for (const c of clients) c.release();
    }
  }

  /** The `sub` claim of a bearer token, NOT verified (the floor authenticates nothing). */
  function userFromToken(authorization) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
      return /^\d+$/.test(sub) ? Number(sub) : null;
    } catch {
      return null;
    }
  }

  function send(res, status, body) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const rest = req.method === 'GET' ? /^\/api\/user-checklist-items\/user\/(\d+)$/.exec(req.url) : null;
        if (rest) {
          const items = await checklistJson(Number(rest[1]));
          return items ? send(res, 200, items) : send(res, 404, { error: 'User not found' });
        }
        if (req.method === 'POST' && req.url === '/graphql') {
          JSON.parse(Buffer.concat(chunks).toString() || '{}');
          const userId = userFromToken(req.headers.authorization);
          if (userId === null) return send(res, 401, { error: 'Authentication required' });
          const body = await dashboardJson(userId);
          return body ? send(res, 200, body) : send(res, 401, { error: 'Authentication required' });
        }
        if (req.method === 'GET' && req.url === '/__floor/statements') return send(res, 200, await preparedStatements());
        return send(res, 404, { error: 'Not found' });
      } catch {
        return send(res, 500, { error: 'Internal server error' });
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const stop = track(`floor server :${port}`, async () => {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
    await pool.end();
  });
  return { base: `http://127.0.0.1:${port}`, poolMax, stop };
}

const READY = 'floor server at ';

/** The floor as a child process: resolves once it listens; `pid` for its CPU time. */
export async function spawnFloorServer({ databaseUrl, port, poolMax = DEFAULT_POOL_MAX }) {
  // With the gateway's Node.js flags: whatever they cost or give, the floor's answers have it too.
  const child = spawn(process.execPath, [...GATEWAY_NODE_ARGS, fileURLToPath(import.meta.url)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATABASE_POOL_MAX: String(poolMax) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = track(`floor server :${port}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output.push(chunk.toString());
      if (output.join('').includes(READY)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => output.push(chunk.toString()));
    exited.then((code) => reject(new Error(`the floor server exited early (${code}):\n${output.join('').slice(-2000)}`)));
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, poolMax, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const floor = await startFloorServer({ databaseUrl: process.env.DATABASE_URL, port: Number(process.env.PORT || 4210), poolMax: Number(process.env.DATABASE_POOL_MAX || DEFAULT_POOL_MAX) });
  // SIGTERM stops it through lib/cleanup.mjs, like every server the bench starts.
  console.info(`${READY}${floor.base} (pool ${floor.poolMax})`);
}

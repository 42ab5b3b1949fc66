// The floor: a bare node:http + pg server answering the two benchmarked reads with the same
// joins as the gateway's services (checklist.sql.ts LOAD_CHECKLIST_SQL, documents.sql.ts
// LINKED_DOCUMENTS_SQL) and the same JSON, with nothing else: no express,
// no GraphQL execution, no TypeORM, no authentication (the user id is read from the path, or
// from the bearer token's payload WITHOUT verifying it). What the gateway costs on top of this
// is the price of its framework, its auth check and its GraphQL layer.
//
// Standalone: DATABASE_URL=postgres://… PORT=4210 node bench/floor-server.mjs
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { gatewayDependency, requireBuilt } from './lib/gateway-deps.mjs';
import { track } from './lib/cleanup.mjs';

/** The built gateway's checklist module, through its index: the rules the floor must answer by. */
const checklistRules = () => requireBuilt('modules/checklist/index.js');

let checklistSql;
/**
 * The joins, columns and order of checklist.sql.ts LOAD_CHECKLIST_SQL, the due date included:
 * computed in the statement by the gateway's own due-date fragment (dueDateSql), as the gateway
 * does, never in JavaScript. Built on first use, from the built gateway.
 */
export function floorChecklistSql() {
  if (checklistSql) return checklistSql;
  const { dueDateSql } = checklistRules();
  const itemColumns = 'ci.id, ci.title, ci.description, ci.type, ci.priority, ci.role_id, ci.item_order, ci.due_days, ci.created_at, ci.updated_at';
  const progressColumns = "up.id as progress_id, up.status, up.note, to_char(up.due_date, 'YYYY-MM-DD') as due_date, up.completed_at";
  checklistSql = `select to_char(u.start_date, 'YYYY-MM-DD') as start_date, ${itemColumns}, ${progressColumns},
       to_char(${dueDateSql('u', 'ci')}, 'YYYY-MM-DD') as due
         from users u
         left join role_checklist_items rci on rci.role_id = u.role_id
         left join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
        where u.id = $1
        order by ci.item_order, ci.id`;
  return checklistSql;
}
// documents.sql.ts LINKED_DOCUMENTS_SQL, verbatim.
const DOCUMENTS_SQL = `select cid.checklist_item_id, d.id, d.title, d.url, d.description, dc.name as document_class_name
       from checklist_item_documents cid
       join documents d on d.id = cid.document_id
       join document_classes dc on dc.id = d.document_class_id
      where cid.checklist_item_id = any($1::int[])
      order by cid.checklist_item_id, lower(d.title), d.id`;

/**
 * @param {{ databaseUrl: string, port: number, poolMax?: number }} options poolMax defaults to the gateway's DATABASE_POOL_MAX default
 */
export async function startFloorServer({ databaseUrl, port, poolMax = 10 }) {
  const pg = gatewayDependency('pg');
  // The gateway's pure rules (no I/O): the same numbers, computed the same way.
  const { daysBetween, estimatedTime, isOverdue, todayUtc } = checklistRules();
  const CHECKLIST_SQL = floorChecklistSql();
  const { buildDashboard } = requireBuilt('modules/dashboard/dashboard.rules.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  pool.on('error', () => undefined);
  // Documents came with a later migration: link them only where the schema (and so the gateway) has them.
  const { rows: [{ present }] } = await pool.query("select to_regclass('checklist_item_documents') is not null as present");

  async function loadChecklist(userId) {
    const { rows } = await pool.query(CHECKLIST_SQL, [userId]);
    if (rows.length === 0) return null;
    const startDate = rows[0].start_date;
    const now = new Date();
    const today = todayUtc(now);
    const items = rows.filter((r) => r.id !== null).map((r) => {
      const completed = r.status === 'completed';
      return {
        id: r.id, title: r.title, description: r.description, type: r.type, priority: r.priority, role_id: r.role_id,
        item_order: r.item_order, due_days: r.due_days, created_at: r.created_at, updated_at: r.updated_at,
        has_progress: r.progress_id !== null, progress_id: r.progress_id, status: completed ? 'completed' : 'pending', completed,
        note: r.note, due_date: r.due_date, completed_at: r.completed_at,
        dueDate: r.due, isOverdue: isOverdue(r.due, completed, today), daysUntilDue: daysBetween(today, r.due), estimatedTime: estimatedTime(r.type),
      };
    });
    return { startDate, items, now };
  }

  async function checklistJson(userId) {
    const loaded = await loadChecklist(userId);
    if (!loaded) return null;
    if (!present || loaded.items.length === 0) return loaded.items.map((item) => ({ ...item, documents: [] }));
    const byItem = new Map();
    const { rows } = await pool.query(DOCUMENTS_SQL, [[...new Set(loaded.items.map((i) => i.id))]]);
    for (const { checklist_item_id: itemId, ...doc } of rows) {
      if (!byItem.has(itemId)) byItem.set(itemId, []);
      byItem.get(itemId).push(doc);
    }
    return loaded.items.map((item) => ({ ...item, documents: byItem.get(item.id) ?? [] }));
  }

  async function dashboardJson(userId) {
    const loaded = await loadChecklist(userId);
    if (!loaded) return null;
    const d = buildDashboard(loaded.items, loaded.startDate, loaded.now);
    return {
      data: {
        dashboard: {
          progress: d.progress,
          completionStats: d.completionStats,
          nextStep: d.nextStep,
          // The benchmarked query selects every upcoming field but daysUntilDue (queries.mjs).
          upcomingTasks: d.upcoming.slice(0, 3).map(({ daysUntilDue: _unselected, ...task }) => task),
          recentActivity: d.recent.slice(0, 3),
        },
      },
    };
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
  return { base: `http://127.0.0.1:${port}`, documents: present, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const floor = await startFloorServer({ databaseUrl: process.env.DATABASE_URL, port: Number(process.env.PORT || 4210) });
  console.info(`floor server at ${floor.base} (documents: ${floor.documents})`);
}

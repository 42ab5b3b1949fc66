import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ARGON2_FLOOR } from '../config';
import { PasswordHasher } from '../modules/auth';
import { companyTodaySql, dueDateSql } from '../modules/checklist';
import { mulberry32 } from '../shared/prng';
import { DEMO_CHECKLIST } from './seed-checklist';

/*
 * Generated demo hires (docs/product.md#insights): a few hundred people who
 * started over the last eight months, with the partial, uneven completion
 * real onboarding has, so the administration index's charts have something to
 * show. Deterministic: one seeded PRNG, so every machine gets the same people
 * and the same progress relative to the day it seeds. Set-based: one insert
 * of users and one of progress, whatever the count.
 */

/** How many hires, their first explicit id, and how far back their start dates reach. */
export const DEMO_HIRES = { count: 320, firstId: 1001, maxDaysAgo: 240, minDaysAgo: 3 } as const;

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lena', 'Mateo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Uma', 'Viktor', 'Wen', 'Yara', 'Zane'];
const LAST = ['Adeyemi', 'Brandt', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Larsen', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Rossi', 'Silva', 'Tanaka', 'Varga'];

/** Job roles and how often hires get them (cumulative weights): mostly staff, a few managers and contractors. */
const ROLE_WEIGHTS: ReadonlyArray<[number, number]> = [
  [1, 0.3],
  [5, 0.55],
  [6, 0.72],
  [7, 0.88],
  [2, 0.94],
  [3, 1],
];

/** The demo manager who manages a share of the hires (seed.ts DEMO_ACCOUNTS). */
const DEMO_MANAGER_ID = 3;

export interface GeneratedHires {
  users: { id: number[]; name: string[]; email: string[]; roleId: number[]; daysAgo: number[]; managerId: Array<number | null> };
  progress: { userId: number[]; itemId: number[]; daysAfterStart: number[]; hour: number[] };
}

/**
 * The hires and their completed tasks, as column arrays for unnest. Each hire
 * has a pace (how many times an item's due days they take) and a chance to
 * stall on a few items; trainings and role-owned tasks run later; a task is
 * completed only if its day is before today.
 */
export function generateHires(seed = 20250601): GeneratedHires {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: GeneratedHires = { users: { id: [], name: [], email: [], roleId: [], daysAgo: [], managerId: [] }, progress: { userId: [], itemId: [], daysAfterStart: [], hour: [] } };
  for (let n = 0; n < DEMO_HIRES.count; n++) {
    const id = DEMO_HIRES.firstId + n;
    const first = pick(FIRST);
    const last = pick(LAST);
    const draw = random();
    const roleId = (ROLE_WEIGHTS.find(([, upTo]) => draw < upTo) ?? ROLE_WEIGHTS[0])?.[0] ?? 1;
    const daysAgo = DEMO_HIRES.minDaysAgo + Math.floor(random() * (DEMO_HIRES.maxDaysAgo - DEMO_HIRES.minDaysAgo + 1));
    out.users.id.push(id);
    out.users.name.push(`${first} ${last}`);
    out.users.email.push(`${first}.${last}.${id}@hires.example.com`.toLowerCase());
    out.users.roleId.push(roleId);
    out.users.daysAgo.push(daysAgo);
    out.users.managerId.push(random() < 0.4 ? DEMO_MANAGER_ID : null);

    // Most hires keep close to the due dates, some finish early, some take two or three times as
    // long; the company gets better at it, so earlier hires run slower.
    const pace = (0.2 + random() * random() * 2.2) * (0.7 + (0.6 * daysAgo) / DEMO_HIRES.maxDaysAgo);
    const stalls = random() < 0.15;
    for (const item of DEMO_CHECKLIST) {
      if (!item.roles.includes(roleId)) continue;
      if (stalls && random() < 0.3) continue;
      if (random() < 0.01) continue;
      const drag = item.type === 'training' ? random() * 10 * pace : 0;
      const teamDelay = item.owner ? random() * 8 : 0;
      const day = Math.max(0, Math.round(Math.max(item.dueDays, 0) * pace + drag + teamDelay + random() * 3 - 1));
      if (day >= daysAgo) continue;
      out.progress.userId.push(id);
      out.progress.itemId.push(item.id);
      out.progress.daysAfterStart.push(day);
      out.progress.hour.push(8 + Math.floor(random() * 9));
    }
  }
  return out;
}

/**
 * Inserts the generated hires (no one can sign in as them: one hash of random
 * bytes) and their progress; completed tasks keep their due date, as a
 * completion stores it.
 */
export async function insertDemoHires(manager: EntityManager): Promise<void> {
  const { users, progress } = generateHires();
  const unusable = await new PasswordHasher(ARGON2_FLOOR).hash(crypto.randomBytes(24).toString('hex'));
  const today = companyTodaySql('now()');
  await manager.query(
    `insert into users (id, name, email, password_hash, role_id, start_date, manager_id, created_at)
     select h.id, h.name, h.email, $7, h.role_id, ${today} - h.days_ago, h.manager_id, (${today} - h.days_ago - 14)::timestamp at time zone 'UTC'
       from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[]) as h(id, name, email, role_id, days_ago, manager_id)`,
    [users.id, users.name, users.email, users.roleId, users.daysAgo, users.managerId, unusable],
  );
  await manager.query(
    `insert into user_progress (user_id, checklist_item_id, status, completed_at, due_date, completed_by)
     select u.id, ci.id, 'completed', ((u.start_date + p.days_after)::timestamp + make_interval(hours => p.hour)) at time zone 'UTC', ${dueDateSql('u', 'ci', null)},
            case when ci.owner_type = 'new_hire' then u.id else coalesce(u.manager_id, 1) end
       from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as p(user_id, item_id, days_after, hour)
       join users u on u.id = p.user_id
       join checklist_items ci on ci.id = p.item_id`,
    [progress.userId, progress.itemId, progress.daysAfterStart, progress.hour],
  );
}

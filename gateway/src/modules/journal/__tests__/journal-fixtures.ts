import crypto from 'node:crypto';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, tokenFor, type TestUser } from '../../../../test/auth';

/*
 * What the journal tests share: signed-in people, checklist tasks to link,
 * and a terse way to call the REST door. Everything is unique per file (test
 * files run in parallel on one database) and removed afterwards: the entries
 * and tags go with their authors (ON DELETE CASCADE).
 */

export interface Person extends TestUser {
  token: string;
}

export async function person(db: DataSource, roleId = 1): Promise<Person> {
  const user = await createUser(db, { roleId });
  return { ...user, token: await tokenFor(db, user.id) };
}

export interface Tasks {
  /** Items of role 1's checklist (the employees'). */
  mine: Array<{ id: number; title: string }>;
  /** An item of another role's checklist only. */
  otherRole: { id: number; title: string };
  remove(): Promise<void>;
}

/** Checklist items linked to role 1 (two) and to role 2 only (one), with unique titles. */
export async function makeTasks(db: DataSource): Promise<Tasks> {
  const tag = crypto.randomBytes(4).toString('hex');
  const insert = async (title: string, roleId: number) => {
    const [row] = (await db.query(`insert into checklist_items (title, type, role_id) values ($1, 'training', $2) returning id`, [title, roleId])) as Array<{ id: number }>;
    const id = (row as { id: number }).id;
    await db.query(`insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)`, [roleId, id]);
    return { id, title };
  };
  const mine = [await insert(`Security training ${tag}`, 1), await insert(`Meet your buddy ${tag}`, 1)];
  const otherRole = await insert(`Team-lead budget review ${tag}`, 2);
  return {
    mine,
    otherRole,
    remove: async () => {
      await db.query(`delete from checklist_items where id = any($1::int[])`, [[...mine.map((t) => t.id), otherRole.id]]);
    },
  };
}

export async function removePeople(db: DataSource, people: Array<Person | undefined>): Promise<void> {
  await deleteUsers(
    db,
    people.filter((p): p is Person => p !== undefined).map((p) => p.id),
  );
}

/** REST calls as someone. */
export function as(t: TestApp, who: Person) {
  const auth = bearer(who.token);
  return {
    get: (path: string) => request(t.app).get(path).set(auth),
    post: (path: string, body: object) => request(t.app).post(path).set(auth).send(body),
    put: (path: string, body: object) => request(t.app).put(path).set(auth).send(body),
    delete: (path: string) => request(t.app).delete(path).set(auth),
  };
}

export interface EntryJson {
  id: number;
  user_id: number;
  title: string;
  content: string;
  preview: string;
  visibility: 'private' | 'shared';
  tags: string[];
  linked_task_ids: string;
  linked_tasks: Array<{ id: number; title: string }>;
  linked_documents: Array<{ id: number; title: string; url: string | null; description: string | null; document_class_name: string | null }>;
  taskContext: { taskId: number; taskTitle: string } | null;
  created_at: string;
  updated_at: string;
}

export interface PageJson {
  data: EntryJson[];
  total: number;
  page: number;
  limit: number;
}

/** Creates an entry through the API and returns it. */
export async function entry(t: TestApp, who: Person, body: Record<string, unknown>): Promise<EntryJson> {
  const res = await as(t, who).post('/api/journal-entries', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as EntryJson;
}

/** Moves an entry's creation time into the past (date ranges, recent counts). */
export async function backdate(db: DataSource, entryId: number, days: number): Promise<void> {
  await db.query(`update journal_entries set created_at = now() - make_interval(days => $2) where id = $1`, [entryId, days]);
}

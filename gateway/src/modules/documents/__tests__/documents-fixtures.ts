import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';

/*
 * Document fixtures. Test files share the run's database (with the demo
 * library in it) and run in parallel, so every fixture document carries a
 * random tag in its title: tests search by their tag, and `remove()` deletes
 * exactly what they made (links, views and acknowledgements cascade).
 */

/** document_classes ids (the migration's reference data). */
export const CLASS_IDS = { Policy: 1, SOP: 2, Training: 3, Form: 4, Template: 5, 'Job Description': 6 } as const;

export interface FixtureDocument {
  title?: string;
  description?: string | null;
  url?: string | null;
  classId?: number;
  policy?: boolean;
  roles?: number[];
  items?: number[];
  createdAt?: string;
  updatedAt?: string;
}

export interface DocumentFixture {
  tag: string;
  ids: number[];
  add(doc?: FixtureDocument): Promise<number>;
  remove(): Promise<void>;
}

export function documentFixture(db: DataSource): DocumentFixture {
  const tag = `doc${crypto.randomBytes(5).toString('hex')}`;
  const ids: number[] = [];
  return {
    tag,
    ids,
    async add(doc = {}) {
      const [row] = (await db.query(
        `insert into documents (title, description, url, document_class_id, is_company_policy, created_at, updated_at)
         values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), coalesce($7::timestamptz, $6::timestamptz, now())) returning id`,
        [
          `${doc.title ?? 'Document'} ${tag}`,
          doc.description === undefined ? `About ${doc.title ?? 'the document'}` : doc.description,
          doc.url === undefined ? 'https://docs.example.com/handbook' : doc.url,
          doc.classId ?? CLASS_IDS.SOP,
          doc.policy ?? false,
          doc.createdAt ?? null,
          doc.updatedAt ?? null,
        ],
      )) as Array<{ id: number }>;
      const id = (row as { id: number }).id;
      ids.push(id);
      if (doc.roles?.length) await db.query('insert into document_roles (role_id, document_id) select unnest($1::int[]), $2', [doc.roles, id]);
      if (doc.items?.length) await db.query('insert into checklist_item_documents (checklist_item_id, document_id) select unnest($1::int[]), $2', [doc.items, id]);
      return id;
    },
    async remove() {
      await db.query(`delete from documents where id = any($1) or title like $2`, [ids, `% ${tag}`]);
    },
  };
}

/** The exact field list of the Document REST shape. */
export const DOCUMENT_FIELDS = [
  'created_at',
  'description',
  'document_class_id',
  'document_class_name',
  'id',
  'is_company_policy',
  'title',
  'updated_at',
  'url',
  'viewed',
].sort();

/** The exact field list of a company policy (GET /documents/special). */
export const COMPANY_POLICY_FIELDS = [...DOCUMENT_FIELDS, 'version', 'acknowledged', 'acknowledgement'].sort();

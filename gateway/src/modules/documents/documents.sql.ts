import type { DataSource, EntityManager } from 'typeorm';
import { hotRows, queryRows, type SqlParams } from '../../shared/sql';
import type { LinkedDocumentType } from '../checklist';

/*
 * Who sees which document, in ONE definition shared by every query of the
 * module (the library, the policies, "viewed", acknowledgements and the
 * report), so the rule can never differ between two screens:
 *
 *   a role sees a document when the document is given to the role
 *   (document_roles), or when it is linked to a checklist item the role has
 *   (checklist_item_documents × role_checklist_items): a document a task
 *   points to is by definition one of "the documents for the user's role".
 *
 * Administrators (role 4) see every document; that is decided by the callers
 * (they simply leave the predicate out), not encoded here.
 */

/** SQL: role `role` (a placeholder) sees the document aliased `d`. */
export function visibleToRole(role: string, alias = 'd'): string {
  return `(exists (select 1 from document_roles dr where dr.document_id = ${alias}.id and dr.role_id = ${role})
    or exists (select 1 from checklist_item_documents cid
                 join role_checklist_items rci on rci.checklist_item_id = cid.checklist_item_id
                where cid.document_id = ${alias}.id and rci.role_id = ${role}))`;
}

/** The ids among `documentIds` that role `roleId` sees, by the rule above: one statement. */
export async function visibleDocumentIds(db: DataSource | EntityManager, roleId: number, documentIds: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(documentIds)];
  if (wanted.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(db, `select d.id from documents d where d.id = any($1::int[]) and ${visibleToRole('$2')}`, [wanted, roleId]);
  return new Set(rows.map((r) => r.id));
}

/** SQL: every (document_id, role_id) pair of the rule above, as a set (the acknowledgement report). */
export const DOCUMENT_AUDIENCE_ROLES = `select dr.document_id, dr.role_id from document_roles dr
  union
  select cid.document_id, rci.role_id from checklist_item_documents cid
    join role_checklist_items rci on rci.checklist_item_id = cid.checklist_item_id`;

/**
 * SQL: two CTEs, `policies` (id, title, version: every company policy) and
 * `audience` (document_id, user_id, name, email, role_id, acknowledged,
 * acknowledged_at): each active user who sees a policy and whether they
 * acknowledged its current version. The acknowledgement report and its CSV
 * export read them.
 */
export const POLICY_AUDIENCE_CTES = `policies as (
         select d.id, d.title, d.version from documents d where d.is_company_policy
       ), audience as (
         select p.id as document_id, u.id as user_id, u.name, u.email, u.role_id,
                pa.acknowledged_at, pa.user_id is not null as acknowledged
           from policies p
           join (${DOCUMENT_AUDIENCE_ROLES}) a on a.document_id = p.id
           join users u on u.role_id = a.role_id and u.is_active
           left join policy_acknowledgements pa on pa.user_id = u.id and pa.document_id = p.id and pa.version = p.version
       )`;

/** The Document shape's columns (documents d joined to document_classes dc), `viewed` for the user bound at `user`. */
export function documentColumns(params: SqlParams, userId: number): string {
  return `d.id, d.title, d.description, d.url, d.document_class_id, dc.name as document_class_name,
    d.created_at, d.updated_at, d.is_company_policy, d.version,
    exists (select 1 from document_views v where v.user_id = ${params.add(userId)} and v.document_id = d.id) as viewed`;
}

export const DOCUMENTS_FROM = 'documents d join document_classes dc on dc.id = d.document_class_id';

const LINKED_DOCUMENTS_SQL = `select cid.checklist_item_id, d.id, d.title, d.url, d.description, dc.name as document_class_name
       from checklist_item_documents cid
       join documents d on d.id = cid.document_id
       join document_classes dc on dc.id = d.document_class_id
      where cid.checklist_item_id = any($1::int[])
      order by cid.checklist_item_id, lower(d.title), d.id`;

/**
 * The documents linked to each checklist item, aligned with `itemIds` (the
 * shape of a DataLoader batch): ONE statement for any number of items.
 * Callers must have decided that the reader may see the items; by the
 * visibility rule above, whoever may see an item sees its linked documents.
 * Each item's documents are ordered by title, then id.
 */
export async function linkedDocumentsForItems(db: DataSource | EntityManager, itemIds: readonly number[]): Promise<LinkedDocumentType[][]> {
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0) return itemIds.map(() => []);
  // Every checklist read runs this.
  const rows = await hotRows<LinkedDocumentType & { checklist_item_id: number }>(db, 'embark_linked_documents', LINKED_DOCUMENTS_SQL, [wanted]);
  const byItem = new Map<number, LinkedDocumentType[]>();
  for (const { checklist_item_id, ...doc } of rows) {
    const list = byItem.get(checklist_item_id) ?? [];
    list.push(doc);
    byItem.set(checklist_item_id, list);
  }
  return itemIds.map((id) => byItem.get(id) ?? []);
}

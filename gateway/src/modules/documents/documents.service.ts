import type { DataSource, EntityManager } from 'typeorm';
import { isAdmin, requireAdmin, requireUser, type Actor, type RequestMeta, type UserActor } from '../../shared/actor';
import { isForeignKeyViolation } from '../../shared/db-errors';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { containsPattern, pageWindow, queryRows, SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import { CHECKLIST_MESSAGES, type ChecklistService } from '../checklist';
import type { ProgressService } from '../progress';
import { DOCUMENTS_FROM, documentColumns, POLICY_AUDIENCE_CTES, visibleToRole } from './documents.sql';
import type { SortOrder } from '../../shared/schemas';
import { DOCUMENT_MESSAGES, type DocumentSort } from './documents.messages';
import { AcknowledgeBody, ChecklistItemId, CreateDocument, DocumentId, ListQuery, ReportQuery, SetRoles, UpdateDocument, type ValidDocument } from './documents.schemas';
import type {
  CompanyPolicyType,
  DocumentClassType,
  DocumentLinksType,
  DocumentPageType,
  DocumentType,
  DocumentViewedType,
  PolicyAcknowledgementStatusType,
  PolicyAcknowledgementType,
} from './documents.types';

/** A row of documentColumns: the Document shape plus the stored version. */
interface DocumentRow extends DocumentType {
  version: number;
}

/** What the audit trail keeps of a document (no per-caller fields). */
function auditImage(row: DocumentRow): Record<string, string | number | boolean | null> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    document_class_id: row.document_class_id,
    is_company_policy: row.is_company_policy,
    version: row.version,
  };
}

/** The Document shape of a row: the row without its version (documentColumns selects nothing else). */
function toDocument({ version: _version, ...document }: DocumentRow): DocumentType {
  return document;
}

// Fixed fragments chosen by validated enums: user input is never spliced into SQL.
const SORT_SQL: Record<DocumentSort, (order: SortOrder) => string> = {
  name: (o) => `lower(d.title) ${o}, d.id ${o}`,
  date: (o) => `d.created_at ${o}, d.id ${o}`,
  modified: (o) => `d.updated_at ${o}, d.id ${o}`,
  // Within a type, titles always read A→Z.
  type: (o) => `lower(dc.name) ${o}, lower(d.title) asc, d.id asc`,
};

/**
 * The document library and company policies (docs/product.md#documents,
 * #document-visibility, #policies). The only
 * code that touches the document tables. Raw SQL like the journal: the reads
 * are visibility predicates and set-based reports a repository would obscure;
 * values are always bound parameters.
 *
 * Permissions: reads are for signed-in users and scoped in SQL to
 * the documents their role sees (documents.sql.ts); administrators see all.
 * A document the caller may not see answers 404, exactly like an unknown id.
 * Every write is administrator-only and audited (who, what, before/after) in
 * the same transaction.
 */
export class DocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checklist: ChecklistService,
    private readonly audit: AuditService,
    private readonly progress: ProgressService,
  ) {}

  /**
   * GET /documents: the documents the caller's role sees, filtered and sorted:
   * all of them, or one page when the client asks for one (`page` or `limit`),
   * so a client that never pages never silently loses documents.
   */
  async list(actor: Actor, input: unknown): Promise<DocumentPageType> {
    const user = requireUser(actor);
    const query = parseInput(ListQuery, input);
    const params = new SqlParams();
    const where = this.visibility(user, params);
    if (query.search !== '') {
      const pattern = params.add(containsPattern(query.search));
      where.push(`(d.title ilike ${pattern} or d.description ilike ${pattern})`);
    }
    if (query.classId !== null) where.push(`d.document_class_id = ${params.add(query.classId)}`);
    const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
    // The count binds only the filter's parameters; the rows add the reader and the window after them.
    const filterValues = [...params.values];
    const columns = documentColumns(params, user.userId);
    const window = query.paging ? pageWindow(params, query.paging) : '';
    const [rows, counts] = await Promise.all([
      queryRows<DocumentRow>(this.dataSource, `select ${columns} from ${DOCUMENTS_FROM} ${whereSql} order by ${SORT_SQL[query.sort](query.order)} ${window}`, params.values),
      queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from ${DOCUMENTS_FROM} ${whereSql}`, filterValues),
    ]);
    return { data: rows.map(toDocument), total: counts[0]?.total ?? 0 };
  }

  /** How many documents there are, whoever may see them (the administration index). */
  async count(): Promise<number> {
    const [row] = await queryRows<{ total: number }>(this.dataSource, 'select count(*)::int as total from documents');
    return row?.total ?? 0;
  }

  /** GET /document-classes: the six document classes, by id. */
  async classes(actor: Actor): Promise<DocumentClassType[]> {
    requireUser(actor);
    return queryRows<DocumentClassType>(this.dataSource, 'select id, name from document_classes order by id');
  }

  /** GET /documents/special: company policies the caller's role sees, with the caller's acknowledgement, by title. */
  async companyPolicies(actor: Actor): Promise<CompanyPolicyType[]> {
    const user = requireUser(actor);
    const params = new SqlParams();
    const columns = documentColumns(params, user.userId);
    const where = ['d.is_company_policy', ...this.visibility(user, params)];
    const me = params.add(user.userId);
    const rows = await queryRows<DocumentRow & { ack_version: number | null; ack_at: Date | null }>(
      this.dataSource,
      `select ${columns}, ack.version as ack_version, ack.acknowledged_at as ack_at
         from ${DOCUMENTS_FROM}
         left join lateral (
           select pa.version, pa.acknowledged_at from policy_acknowledgements pa
            where pa.user_id = ${me} and pa.document_id = d.id
            order by pa.version desc limit 1
         ) ack on true
        where ${where.join(' and ')}
        order by lower(d.title), d.id`,
      params.values,
    );
    return rows.map(({ ack_version: ackVersion, ack_at: ackAt, ...row }) => ({
      ...toDocument(row),
      version: row.version,
      acknowledged: ackVersion === row.version,
      acknowledgement: ackVersion !== null && ackAt !== null ? { version: ackVersion, acknowledged_at: ackAt } : null,
    }));
  }

  /**
   * GET /documents/checklist-item/{taskId}: the documents linked to a task.
   * The task must be one the caller may open (an item of their role;
   * administrators any): the checklist module decides, with its own 400/404.
   */
  async forChecklistItem(actor: Actor, rawTaskId: unknown): Promise<DocumentType[]> {
    const user = requireUser(actor);
    const item = await this.checklist.getItem(actor, rawTaskId);
    const params = new SqlParams();
    const columns = documentColumns(params, user.userId);
    const rows = await queryRows<DocumentRow>(
      this.dataSource,
      `select ${columns} from ${DOCUMENTS_FROM}
        join checklist_item_documents cid on cid.document_id = d.id and cid.checklist_item_id = ${params.add(item.id)}
        order by lower(d.title), d.id`,
      params.values,
    );
    return rows.map(toDocument);
  }

  /** POST /documents/{id}/viewed: records that the caller opened a document they can see (first view time kept). */
  async markViewed(actor: Actor, rawId: unknown): Promise<DocumentViewedType> {
    const { id, params, me, doc, visible } = this.callerWrite(actor, rawId);
    try {
      const [row] = await queryRows<{ viewed_at: Date }>(
        this.dataSource,
        // The no-op update makes a repeat view return the stored row (idempotent) in one statement.
        `insert into document_views (user_id, document_id)
         select ${me}, d.id from documents d where d.id = ${doc} ${visible}
         on conflict (user_id, document_id) do update set viewed_at = document_views.viewed_at
         returning viewed_at`,
        params.values,
      );
      if (!row) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
      return { document_id: id, viewed: true, viewed_at: row.viewed_at };
    } catch (err) {
      // Deleted between the visibility check and the insert.
      if (isForeignKeyViolation(err)) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
      throw err;
    }
  }

  /**
   * POST /documents/{id}/acknowledge: the caller acknowledges the current
   * version of a company policy they can see. Idempotent per version: again
   * for the same version answers the first acknowledgement. With the
   * `version` the caller read, a policy changed since is 409 (nothing is
   * recorded). Anything else (unknown, not visible, not a policy) is 404
   * 'Policy not found'. In the same transaction it completes the caller's
   * policy tasks that carry the policy (completePolicyTasks).
   */
  async acknowledge(actor: Actor, rawId: unknown, input: unknown = {}): Promise<PolicyAcknowledgementType> {
    const { user, id, params, me, doc, visible } = this.callerWrite(actor, rawId);
    const { version } = parseInput(AcknowledgeBody, input);
    const read = params.add(version);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [row] = await queryRows<{ [K in keyof PolicyAcknowledgementType]: PolicyAcknowledgementType[K] | null }>(
          manager,
          // The version is read in the same statement as the insert, so a concurrent edit that bumps
          // it can never leave an acknowledgement of a version that never existed, or of one not read.
          `with policy as (
             select d.id, d.version from documents d where d.id = ${doc} and d.is_company_policy ${visible}
           ), acknowledged as (
             insert into policy_acknowledgements (user_id, document_id, version)
             select ${me}, p.id, p.version from policy p where ${read}::int is null or p.version = ${read}::int
             on conflict (user_id, document_id, version) do update set acknowledged_at = policy_acknowledgements.acknowledged_at
             returning document_id, version, acknowledged_at
           )
           select a.document_id, a.version, a.acknowledged_at from policy p left join acknowledged a on true`,
          params.values,
        );
        if (!row) throw new NotFoundError(DOCUMENT_MESSAGES.policyNotFound);
        // The policy is there, but in another version than the one read: nothing was written.
        if (row.document_id === null || row.version === null || row.acknowledged_at === null) throw new ConflictError(DOCUMENT_MESSAGES.policyChanged);
        const acknowledgement = { document_id: row.document_id, version: row.version, acknowledged_at: row.acknowledged_at };
        await this.progress.completePolicyTasks(manager, user.userId, id, acknowledgement.acknowledged_at);
        return acknowledgement;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new NotFoundError(DOCUMENT_MESSAGES.policyNotFound);
      throw err;
    }
  }

  /**
   * GET /documents/policies/acknowledgements (administrators): per company
   * policy, the active users of the roles that see it who have not
   * acknowledged its current version. One set-based statement, whatever the
   * number of users or policies; policies nobody is pending on are listed too.
   */
  async acknowledgementReport(actor: Actor, input: unknown): Promise<PolicyAcknowledgementStatusType[]> {
    requireAdmin(actor);
    const { limit } = parseInput(ReportQuery, input);
    return queryRows<PolicyAcknowledgementStatusType>(
      this.dataSource,
      `with ${POLICY_AUDIENCE_CTES}, ranked as (
         select au.*, row_number() over (partition by au.document_id, au.acknowledged order by lower(au.name), au.user_id) as rn
           from audience au
       )
       select p.id as document_id, p.title, p.version,
              count(r.user_id)::int as audience_count,
              (count(r.user_id) filter (where r.acknowledged))::int as acknowledged_count,
              (count(r.user_id) filter (where not r.acknowledged))::int as pending_count,
              coalesce(json_agg(json_build_object('id', r.user_id, 'name', r.name, 'email', r.email, 'role_id', r.role_id)
                                order by lower(r.name), r.user_id)
                         filter (where not r.acknowledged and r.rn <= $1), '[]'::json) as pending_users
         from policies p
         left join ranked r on r.document_id = p.id
        group by p.id, p.title, p.version
        order by lower(p.title), p.id`,
      [limit],
    );
  }

  // ---- administrator writes ------------------------------------------------------------------

  /** POST /documents. */
  async create(actor: Actor, input: unknown, meta: RequestMeta): Promise<DocumentType> {
    const admin = requireAdmin(actor);
    const doc = parseInput(CreateDocument, input);
    return this.writing(async (manager) => {
      const [row] = await queryRows<{ id: number }>(
        manager,
        `insert into documents (title, description, url, document_class_id, is_company_policy) values ($1, $2, $3, $4, $5) returning id`,
        [doc.title, doc.description ?? null, doc.url ?? null, doc.classId, doc.isCompanyPolicy ?? false],
      );
      if (!row) throw new Error('insert into documents returned no row');
      const created = await this.load(manager, admin, row.id);
      await this.audit.record({ action: 'document.create', actorUserId: admin.userId, targetType: 'document', targetId: row.id, ip: meta.ip, details: { after: auditImage(created) } }, manager);
      return toDocument(created);
    });
  }

  /**
   * PUT /documents/{id}: the title is required; other fields left out keep
   * their value; null clears the description or link. A company policy whose
   * description or link changes gets a new version, so every reader must
   * acknowledge it again (a title change alone is not a new version).
   */
  async update(actor: Actor, rawId: unknown, input: unknown, meta: RequestMeta): Promise<DocumentType> {
    const admin = requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    const doc = parseInput(UpdateDocument, input);
    return this.writing(async (manager) => {
      const before = await this.lockForWrite(manager, admin, id);
      const next = merged(before, doc);
      const contentChanged = next.description !== before.description || next.url !== before.url;
      // The version is the content's, policy or not: acknowledgements given before an edit made while the
      // document was not a policy must not count again when it becomes one.
      const version = contentChanged ? before.version + 1 : before.version;
      await manager.query(
        `update documents set title = $2, description = $3, url = $4, document_class_id = $5, is_company_policy = $6, version = $7, updated_at = now() where id = $1`,
        [id, next.title, next.description, next.url, next.document_class_id, next.is_company_policy, version],
      );
      const after = await this.load(manager, admin, id);
      await this.audit.record(
        { action: 'document.update', actorUserId: admin.userId, targetType: 'document', targetId: id, ip: meta.ip, details: { before: auditImage(before), after: auditImage(after) } },
        manager,
      );
      return toDocument(after);
    });
  }

  /** DELETE /documents/{id}: the document and (cascading) its links, views and acknowledgements. */
  async delete(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<DocumentType> {
    const admin = requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    return this.writing(async (manager) => {
      const before = await this.lockForWrite(manager, admin, id);
      const links = await this.readLinks(manager, id);
      await manager.query('delete from documents where id = $1', [id]);
      await this.audit.record(
        { action: 'document.delete', actorUserId: admin.userId, targetType: 'document', targetId: id, ip: meta.ip, details: { before: { ...auditImage(before), role_ids: links.role_ids, checklist_item_ids: links.checklist_item_ids } } },
        manager,
      );
      return toDocument(before);
    });
  }

  /** GET /documents/{id}/links (administrators). */
  async links(actor: Actor, rawId: unknown): Promise<DocumentLinksType> {
    requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    await this.assertExists(this.dataSource.manager, id);
    return this.readLinks(this.dataSource.manager, id);
  }

  /** PUT /documents/{id}/roles `{role_ids}`: replaces the roles that see the document. Unknown roles are a 400. */
  async setRoles(actor: Actor, rawId: unknown, input: unknown, meta: RequestMeta): Promise<DocumentLinksType> {
    const admin = requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    const { role_ids: roleIds } = parseInput(SetRoles, input);
    return this.writing(async (manager) => {
      await this.lockForWrite(manager, admin, id);
      // Held until the links are written: a role deleted meanwhile waits, instead of failing the insert with a 500.
      const known = new Set((await queryRows<{ id: number }>(manager, 'select id from roles where id = any($1::int[]) for share', [roleIds])).map((r) => r.id));
      const unknown = roleIds.filter((r) => !known.has(r));
      if (unknown.length > 0) throw invalid(unknown.map((r) => DOCUMENT_MESSAGES.roleUnknown(r)));
      const before = await this.readLinks(manager, id);
      await manager.query('delete from document_roles where document_id = $1 and not (role_id = any($2::int[]))', [id, roleIds]);
      await manager.query('insert into document_roles (role_id, document_id) select unnest($2::int[]), $1 on conflict do nothing', [id, roleIds]);
      const after = await this.readLinks(manager, id);
      await this.audit.record(
        { action: 'document.roles_update', actorUserId: admin.userId, targetType: 'document', targetId: id, ip: meta.ip, details: { before: { role_ids: before.role_ids }, after: { role_ids: after.role_ids } } },
        manager,
      );
      return after;
    });
  }

  /** POST /documents/{id}/checklist-items/{itemId}: links a document to a checklist item; `created` false when it already was. */
  async linkItem(actor: Actor, rawId: unknown, rawItemId: unknown, meta: RequestMeta): Promise<{ links: DocumentLinksType; created: boolean }> {
    const admin = requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    const itemId = parseInput(ChecklistItemId, rawItemId);
    return this.writing(async (manager) => {
      await this.lockForWrite(manager, admin, id);
      const [item] = await queryRows<{ id: number }>(manager, 'select id from checklist_items where id = $1 for share', [itemId]);
      if (!item) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
      const inserted = await queryRows<{ document_id: number }>(
        manager,
        'insert into checklist_item_documents (checklist_item_id, document_id) values ($1, $2) on conflict do nothing returning document_id',
        [itemId, id],
      );
      const created = inserted.length > 0;
      if (created) {
        await this.audit.record(
          { action: 'document.item_link', actorUserId: admin.userId, targetType: 'document', targetId: id, ip: meta.ip, details: { before: { linked: false }, after: { linked: true, checklist_item_id: itemId } } },
          manager,
        );
      }
      return { links: await this.readLinks(manager, id), created };
    });
  }

  /** DELETE /documents/{id}/checklist-items/{itemId}: removes the link (404 when there is none). */
  async unlinkItem(actor: Actor, rawId: unknown, rawItemId: unknown, meta: RequestMeta): Promise<DocumentLinksType> {
    const admin = requireAdmin(actor);
    const id = parseInput(DocumentId, rawId);
    const itemId = parseInput(ChecklistItemId, rawItemId);
    return this.writing(async (manager) => {
      await this.lockForWrite(manager, admin, id);
      const deleted = await queryRows<{ document_id: number }>(manager, 'delete from checklist_item_documents where checklist_item_id = $1 and document_id = $2 returning document_id', [itemId, id]);
      if (deleted.length === 0) throw new NotFoundError(DOCUMENT_MESSAGES.linkNotFound);
      await this.audit.record(
        { action: 'document.item_unlink', actorUserId: admin.userId, targetType: 'document', targetId: id, ip: meta.ip, details: { before: { linked: true, checklist_item_id: itemId }, after: { linked: false } } },
        manager,
      );
      return this.readLinks(manager, id);
    });
  }

  // ---- helpers -------------------------------------------------------------------------------

  /**
   * The parameters of a caller's own record on a document (viewed,
   * acknowledged): the caller ($me), the document ($doc) and the visibility
   * condition as `and …` clauses, so the write only lands on a document the
   * caller may see.
   */
  private callerWrite(actor: Actor, rawId: unknown): { user: UserActor; id: number; params: SqlParams; me: string; doc: string; visible: string } {
    const user = requireUser(actor);
    const id = parseInput(DocumentId, rawId);
    const params = new SqlParams();
    const me = params.add(user.userId);
    const doc = params.add(id);
    const visible = this.visibility(user, params)
      .map((w) => `and ${w}`)
      .join(' ');
    return { user, id, params, me, doc, visible };
  }

  /** The visibility condition for the caller: none for administrators, the role rule for everyone else. */
  private visibility(user: UserActor, params: SqlParams): string[] {
    // The role is the one re-read from the database for this request (http/actor.ts authenticate).
    return isAdmin(user) ? [] : [visibleToRole(params.add(user.roleId))];
  }

  /** One document as `reader` sees it (the reader's `viewed`); for writes, where the reader is an administrator. */
  private async load(manager: EntityManager, reader: UserActor, id: number): Promise<DocumentRow> {
    const params = new SqlParams();
    const columns = documentColumns(params, reader.userId);
    const [row] = await queryRows<DocumentRow>(manager, `select ${columns} from ${DOCUMENTS_FROM} where d.id = ${params.add(id)}`, params.values);
    if (!row) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    return row;
  }

  /** Locks the row (FOR UPDATE: the audit's before-image is the row this change replaces) and reads it. */
  private async lockForWrite(manager: EntityManager, reader: UserActor, id: number): Promise<DocumentRow> {
    await this.assertExists(manager, id, true);
    return this.load(manager, reader, id);
  }

  private async assertExists(manager: EntityManager, id: number, lock = false): Promise<void> {
    const rows = await queryRows<{ id: number }>(manager, `select id from documents where id = $1${lock ? ' for update' : ''}`, [id]);
    if (rows.length === 0) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }

  private async readLinks(manager: EntityManager, id: number): Promise<DocumentLinksType> {
    const [row] = await queryRows<DocumentLinksType>(
      manager,
      `select $1::int as document_id,
              coalesce((select array_agg(role_id order by role_id) from document_roles where document_id = $1), '{}') as role_ids,
              coalesce((select array_agg(checklist_item_id order by checklist_item_id) from checklist_item_documents where document_id = $1), '{}') as checklist_item_ids`,
      [id],
    );
    if (!row) throw new Error('links query returned no row');
    return row;
  }

  /** One transaction per change; a class id that does not exist is a 400, not a 500. */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      if (isForeignKeyViolation(err, 'fk_documents_class')) throw invalid([DOCUMENT_MESSAGES.classUnknown]);
      throw err;
    }
  }
}

/** The row after applying a validated update (fields left out keep their value). */
function merged(before: DocumentRow, doc: ValidDocument): Pick<DocumentRow, 'title' | 'description' | 'url' | 'document_class_id' | 'is_company_policy'> {
  return {
    title: doc.title,
    description: doc.description === undefined ? before.description : doc.description,
    url: doc.url === undefined ? before.url : doc.url,
    document_class_id: doc.classId ?? before.document_class_id,
    is_company_policy: doc.isCompanyPolicy ?? before.is_company_policy,
  };
}

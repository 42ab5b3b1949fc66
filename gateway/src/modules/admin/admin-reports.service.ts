import { requireAdmin, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { completionRate, type ChecklistItemsService, type ChecklistService, type RoleHealthType } from '../checklist';
import type { DocumentsService } from '../documents';
import type { RolesService } from '../roles';
import { USER_MESSAGES, type UserAdminService, type UsersService } from '../users';
import type { AdminStatsType, AdminUserProgressType } from './admin.types';

/** The services whose answers the administration index puts together. */
export interface AdminReportSources {
  users: UsersService;
  userAdmin: UserAdminService;
  roles: RolesService;
  checklist: ChecklistService;
  checklistItems: ChecklistItemsService;
  documents: DocumentsService;
}

/**
 * What the Administration index reports (docs/product.md#admin): counts,
 * onboarding health per role and a user's progress (the audit log is
 * AuditService.list). Composition only, read-only and administrator-only:
 * every number is asked of the module that owns it (the counts of each
 * table's owner, the health per role of the checklist, which applies its own
 * due-date, overdue and completion rules and the users module's new-hire
 * rule); this service adds the roles' rows up for the totals.
 */
export class AdminReportsService {
  constructor(
    private readonly clock: Clock,
    private readonly sources: AdminReportSources,
  ) {}

  async stats(actor: Actor): Promise<AdminStatsType> {
    requireAdmin(actor);
    const { today } = await this.sources.checklist.companyDay(this.clock());
    const { users, roles, checklist, checklistItems, documents } = this.sources;
    const [people, roleList, items, documentCount, health] = await Promise.all([
      users.counts(),
      roles.list(actor),
      checklistItems.count(),
      documents.count(),
      checklist.roleHealth(today),
    ]);
    const sum = (pick: (r: RoleHealthType) => number) => health.reduce((total, r) => total + pick(r), 0);
    return {
      as_of: today,
      counts: { users: people.users, active_users: people.active, roles: roleList.length, checklist_items: items, documents: documentCount },
      new_hires_last_30_days: sum((r) => r.new_hires),
      users_finished: sum((r) => r.finished_users),
      completion_rate: completionRate(sum((r) => r.completed_tasks), sum((r) => r.assigned_tasks)),
      overdue_tasks: sum((r) => r.overdue_tasks),
      roles: health,
    };
  }

  /**
   * GET /admin/users/{id}/checklist: the user as administrators see them, with
   * their checklist and its stats from one snapshot (ChecklistService.overview).
   */
  async userProgress(actor: Actor, rawId: unknown): Promise<AdminUserProgressType> {
    requireAdmin(actor);
    const overview = await this.sources.checklist.overview(actor, rawId);
    const [user] = await this.sources.userAdmin.views([overview.user.id]);
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    // The percentage of the same rows as the stats, as the overview computed it.
    return { user: { ...user, completion_percentage: overview.user.completion_percentage }, items: overview.items, stats: overview.stats };
  }
}

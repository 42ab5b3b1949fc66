import type { DataSource } from 'typeorm';
import type { AuthConfig } from './config';
import { AdminReportsService } from './modules/admin/admin-reports.service';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AuditService } from './modules/audit';
import { AuthService, PasswordHasher, RateLimiter, SecretBox, TokenService, TwoFactorService } from './modules/auth';
import { JournalService } from './modules/journal/journal.service';
import { ChecklistTaskDirectory } from './modules/journal/task-directory';
import { ChecklistItemsService, ChecklistService } from './modules/checklist';
import { DashboardService } from './modules/dashboard';
import { DocumentsService } from './modules/documents/documents.service';
import { linkedDocumentsForItems } from './modules/documents/documents.sql';
import { ProgressService } from './modules/progress';
import { RolesService } from './modules/roles';
import { toUserView, USER_MESSAGES, UsersService } from './modules/users/users.service';
import { systemClock, type Clock } from './shared/clock';

/** The service layer, built once per app over one data source. Both doors use it. */
export interface Services {
  auth: AuthService;
  twoFactor: TwoFactorService;
  users: UsersService;
  roles: RolesService;
  checklist: ChecklistService;
  progress: ProgressService;
  dashboard: DashboardService;
  documents: DocumentsService;
  journal: JournalService;
  checklistItems: ChecklistItemsService;
  adminUsers: AdminUsersService;
  adminReports: AdminReportsService;
}

export interface ServiceOptions {
  jwtSecret: string;
  auth: AuthConfig;
  /** "Now" for the date rules; the system clock by default. */
  clock?: Clock;
}

export function createServices(dataSource: DataSource, options: ServiceOptions): Services {
  const audit = new AuditService(dataSource);
  const users = new UsersService(dataSource);
  const roles = new RolesService(dataSource, users, audit);
  const hasher = new PasswordHasher(options.auth.argon2);
  const tokens = new TokenService(options.jwtSecret);
  const limiter = new RateLimiter(dataSource);
  const box = new SecretBox(options.auth.totpEncryptionKey ?? options.jwtSecret);
  const twoFactor = new TwoFactorService(dataSource, users, audit, hasher, tokens, limiter, box, options.auth);
  const auth = new AuthService(dataSource, users, roles, audit, hasher, tokens, limiter, twoFactor, options.auth);
  const clock = options.clock ?? systemClock;
  // The checklist reads users and linked documents through what it is handed, so it imports neither module.
  const checklistUsers = {
    messages: USER_MESSAGES,
    profile: async (id: number, percentage: number) => {
      const user = await users.findById(id);
      return user ? toUserView(user, percentage) : null;
    },
  };
  const checklist = new ChecklistService(dataSource, checklistUsers, clock, (itemIds) => linkedDocumentsForItems(dataSource, itemIds));
  const progress = new ProgressService(dataSource, checklist, audit, clock);
  const dashboard = new DashboardService(checklist, clock);
  const documents = new DocumentsService(dataSource, checklist, audit, progress);
  const journal = new JournalService(dataSource, new ChecklistTaskDirectory(dataSource, checklist));
  const checklistItems = new ChecklistItemsService(dataSource, roles, audit);
  const adminUsers = new AdminUsersService(dataSource, users, roles, twoFactor, checklist, audit);
  const adminReports = new AdminReportsService(dataSource, clock);
  return { auth, twoFactor, users, roles, checklist, progress, dashboard, journal, documents, checklistItems, adminUsers, adminReports };
}

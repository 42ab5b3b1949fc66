import type { DataSource, EntityManager } from 'typeorm';
import type { AuthConfig, MailConfig, ReportsConfig } from './config';
import { AdminReportsService } from './modules/admin';
import { AuditService } from './modules/audit';
import { AuthService, PasswordHasher, PasswordService, RateLimiter, SecretBox, SessionService, TokenService, TwoFactorService } from './modules/auth';
import { ChecklistTaskDirectory, JournalService } from './modules/journal';
import { ChecklistItemsService, ChecklistService, companyDay, completedSql, completionPercentage, completionPercentages, dueDateSql, overdueSql, ownTaskSql } from './modules/checklist';
import { DashboardService } from './modules/dashboard';
import { DocumentsService, linkedDocumentsForItems } from './modules/documents';
import { InsightsService } from './modules/insights';
import { InvitationsService, openInvitationsWithRole, pendingInvitationFor } from './modules/invitations';
import { MailOutbox } from './modules/mail';
import { NotificationService, ReminderService } from './modules/notifications';
import { ProgressService } from './modules/progress';
import { ReportsService } from './modules/reports';
import { RolesService } from './modules/roles';
import { SettingsService } from './modules/settings';
import { TeamService, UserAdminService, UsersService, type CompanyToday, type InvitationClaims } from './modules/users';
import { systemClock, type Clock } from './shared/clock';

/** The service layer, built once per app over one data source. Both doors use it. */
export interface Services {
  audit: AuditService;
  auth: AuthService;
  sessions: SessionService;
  passwords: PasswordService;
  twoFactor: TwoFactorService;
  settings: SettingsService;
  users: UsersService;
  roles: RolesService;
  checklist: ChecklistService;
  progress: ProgressService;
  dashboard: DashboardService;
  documents: DocumentsService;
  journal: JournalService;
  checklistItems: ChecklistItemsService;
  userAdmin: UserAdminService;
  team: TeamService;
  adminReports: AdminReportsService;
  insights: InsightsService;
  invitations: InvitationsService;
  notifications: NotificationService;
  reminders: ReminderService;
  reports: ReportsService;
}

export interface ServiceOptions {
  jwtSecret: string;
  auth: AuthConfig;
  /** Links in mail start with PUBLIC_URL. */
  mail: Pick<MailConfig, 'publicUrl'>;
  reports: ReportsConfig;
  /** "Now" for the date rules and session expiry; the system clock by default. */
  clock?: Clock;
}

export function createServices(dataSource: DataSource, options: ServiceOptions): Services {
  const clock = options.clock ?? systemClock;
  const audit = new AuditService(dataSource);
  // The company's today, decided in SQL in the company time zone (docs/product.md#overdue).
  const companyToday: CompanyToday = async (manager) => (await companyDay(manager ?? dataSource, clock())).today;
  // Users get the checklist's completion and calendar handed in, so the users module imports no module above it.
  const users = new UsersService(dataSource, (userIds, manager) => completionPercentages(manager ?? dataSource, userIds), companyToday);
  // Role deletion asks the invitations module too, which itself needs the roles: its question is a plain function.
  const roles = new RolesService(dataSource, { countByRole: (roleId, manager) => users.countByRole(roleId, manager), openInvitations: (roleId, manager) => openInvitationsWithRole(manager, roleId) }, audit);
  const hasher = new PasswordHasher(options.auth.argon2);
  const tokens = new TokenService(options.jwtSecret);
  const limiter = new RateLimiter(dataSource);
  const sessions = new SessionService(dataSource, audit, clock, options.auth.sessions.idleMinutes, users);
  const box = new SecretBox(options.auth.totpEncryptionKey ?? options.jwtSecret);
  const twoFactor = new TwoFactorService(dataSource, users, audit, hasher, tokens, sessions, limiter, box, options.auth);
  const settings = new SettingsService(dataSource, audit, clock);
  // Registration and a change of address ask the invitations module (which builds on this one) whether an invitation holds the address.
  const invitationClaims: InvitationClaims = { pendingFor: (email: string, manager?: EntityManager) => pendingInvitationFor(manager ?? dataSource, email, { holdWriters: manager !== undefined }) };
  const auth = new AuthService(dataSource, users, roles, audit, hasher, tokens, sessions, limiter, twoFactor, settings, options.auth, invitationClaims);
  // One outbox for every module that mails (its rows commit with the work that causes them).
  const outbox = new MailOutbox({ publicUrl: options.mail.publicUrl });
  // Notifications (and their mails) are written in the transaction of whatever causes them.
  const notifications = new NotificationService(dataSource, outbox);
  const reminders = new ReminderService(dataSource, settings, outbox, clock);
  const passwords = new PasswordService(dataSource, users, audit, hasher, tokens, sessions, limiter, outbox, options.auth);
  // The checklist gets the documents module's reader handed in: documents imports the checklist.
  const checklist = new ChecklistService(dataSource, users, clock, (itemIds) => linkedDocumentsForItems(dataSource, itemIds));
  const progress = new ProgressService(dataSource, checklist, audit, clock);
  const dashboard = new DashboardService(checklist, clock);
  const documents = new DocumentsService(dataSource, checklist, audit, progress);
  const journal = new JournalService(dataSource, new ChecklistTaskDirectory(dataSource, checklist));
  const checklistItems = new ChecklistItemsService(dataSource, roles, audit);
  // Reports over users' tasks splice the checklist's rules into their SQL (the users module never imports the checklist).
  const taskRules = { dueDateSql, completedSql, overdueSql, ownTaskSql, completionPercentage };
  // A role change restarts new items through progress (their only writer) and tells the user through notifications.
  const userAdmin = new UserAdminService(
    dataSource,
    users,
    roles,
    twoFactor,
    sessions,
    audit,
    {
      today: companyToday,
      anchorNewItems: (manager, moves) => progress.anchorNewItems(manager, moves),
      notices: notifications,
    },
    taskRules,
    invitationClaims,
  );
  const team = new TeamService(dataSource, taskRules, companyToday);
  const adminReports = new AdminReportsService(clock, { users, userAdmin, roles, checklist, checklistItems, documents });
  const insights = new InsightsService(dataSource, clock);
  const invitations = new InvitationsService(dataSource, users, roles, auth, audit, outbox, hasher, limiter, {
    tokenAttemptsPerAddress: options.auth.rateLimits.invitationTokenPerAddress,
  });
  const reports = new ReportsService(dataSource, companyToday, options.reports);
  return { audit, auth, sessions, passwords, twoFactor, settings, users, roles, checklist, progress, dashboard, journal, documents, checklistItems, userAdmin, team, adminReports, insights, invitations, notifications, reminders, reports };
}

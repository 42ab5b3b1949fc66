import { ROUTES } from '@embark/shared-ui';

export interface AdminSection {
  /** Path under the admin base path. */
  path: string;
  /** Absolute path (for the shell's route table and links). */
  href: string;
  /** Page heading (the shell's page title for the route). */
  title: string;
  /** Link text on the Administration index. */
  label: string;
  text: string;
  group: 'Entity Management' | 'Relationship Management' | 'Company';
}

const relative = (href: string) => href.slice(`${ROUTES.admin}/`.length);

/** The admin area's sections (the admin route table, plus the document library; docs/product.md#admin). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: ROUTES.adminUsers, title: 'Manage Users', label: 'Users', text: 'Accounts, roles and start dates of everyone onboarding.', group: 'Entity Management' },
  { href: ROUTES.adminRoles, title: 'Manage Roles', label: 'Roles', text: 'Job roles and what each one needs to complete.', group: 'Entity Management' },
  { href: ROUTES.adminChecklistItems, title: 'Manage Checklist Items', label: 'Checklist items', text: 'Forms, policies, SOPs, trainings and meetings.', group: 'Entity Management' },
  { href: ROUTES.adminDocuments, title: 'Manage Documents', label: 'Documents', text: 'The document library and company policies.', group: 'Entity Management' },
  { href: ROUTES.adminRoleChecklists, title: 'Role-Checklist Items', label: 'Role-checklist items', text: 'Which checklist items each role gets.', group: 'Relationship Management' },
  { href: ROUTES.adminUserRoles, title: 'User-Role Assignment', label: 'User-role assignment', text: 'Which role each user onboards into.', group: 'Relationship Management' },
  { href: ROUTES.adminDocumentChecklist, title: 'Document-Checklist Items', label: 'Document-checklist items', text: 'Which documents each checklist item links to.', group: 'Relationship Management' },
  { href: ROUTES.adminSettings, title: 'Settings', label: 'Settings', text: 'Who may register: anyone, company addresses, or invited people only.', group: 'Company' },
].map((section) => ({ ...section, path: relative(section.href) }) as AdminSection);

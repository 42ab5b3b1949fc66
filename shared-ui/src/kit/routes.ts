/** Absolute paths of the portal that more than one package links to. */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  /** Public account screens reached from a mailed link or from sign-in (docs/product.md#passwords). */
  acceptInvite: '/accept-invite',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  app: '/app',
  dashboard: '/app/dashboard',
  checklist: '/app/checklist',
  admin: '/app/admin',
  // The rest of the route table; the shell's guards read them through kit/navigation.ts.
  sections: '/app/sections',
  journal: '/app/journal',
  journalNew: '/app/journal/new',
  documents: '/app/documents',
  policies: '/app/policies',
  adminUsers: '/app/admin/users',
  adminRoles: '/app/admin/roles',
  adminChecklistItems: '/app/admin/checklist-items',
  adminDocuments: '/app/admin/documents',
  adminRoleChecklists: '/app/admin/role-checklists',
  adminUserRoles: '/app/admin/user-roles',
  adminDocumentChecklist: '/app/admin/document-checklist',
  /** Company settings: who may register (docs/product.md#registration). */
  adminSettings: '/app/admin/settings',
  profile: '/app/profile',
  /** The completion certificate, offered from the profile once every task is done (docs/product.md#certificate). */
  profileCertificate: '/app/profile/certificate',
  /** Whether reminder digests are mailed (docs/product.md#notifications); mails link here. */
  profileNotifications: '/app/profile/notifications',
  /** Open tasks the user owns for other people, and the user's direct reports. */
  myTasks: '/app/my-tasks',
  team: '/app/team',
} as const;

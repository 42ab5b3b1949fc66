import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTES, type RemoteAppProps } from '@embark/shared-ui';
import { AdminIndexPage } from '../features/admin-index/AdminIndexPage';
import { SectionPlaceholder } from '../features/admin-index/SectionPlaceholder';
import { ADMIN_SECTIONS } from '../features/admin-index/sections';
import { ChecklistItemsPage } from '../features/checklist-items/ChecklistItemsPage';
import { DocumentChecklistPage } from '../features/document-checklist/DocumentChecklistPage';
import { DocumentsPage } from '../features/documents/DocumentsPage';
import { RoleChecklistsPage } from '../features/role-checklists/RoleChecklistsPage';
import { RolesPage } from '../features/roles/RolesPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { UserRolesPage } from '../features/user-roles/UserRolesPage';
import { UsersPage } from '../features/users/UsersPage';

/** The screen of each section, by its absolute route. */
const SCREENS: Record<string, ComponentType> = {
  [ROUTES.adminUsers]: UsersPage,
  [ROUTES.adminRoles]: RolesPage,
  [ROUTES.adminChecklistItems]: ChecklistItemsPage,
  [ROUTES.adminDocuments]: DocumentsPage,
  [ROUTES.adminRoleChecklists]: RoleChecklistsPage,
  [ROUTES.adminUserRoles]: UserRolesPage,
  [ROUTES.adminDocumentChecklist]: DocumentChecklistPage,
  [ROUTES.adminSettings]: SettingsPage,
};

/**
 * admin_mfe `./App`: the administration area under `basePath` (`/app/admin`), with routes relative
 * to where the shell mounts it. Loaded only when an admin page is opened; the shell's guards keep
 * everyone else out before this renders, and the gateway refuses every admin operation to anyone
 * else anyway.
 */
export default function AdminApp({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<AdminIndexPage basePath={basePath} />} />
      {ADMIN_SECTIONS.map((section) => {
        const Screen = SCREENS[section.href];
        return <Route key={section.path} path={section.path} element={Screen ? <Screen /> : <SectionPlaceholder basePath={basePath} />} />;
      })}
      <Route path="*" element={<SectionPlaceholder basePath={basePath} />} />
    </Routes>
  );
}

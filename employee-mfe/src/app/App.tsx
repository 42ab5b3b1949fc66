import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { normalisePath, ROUTES, Spinner, type RemoteAppProps, type RemoteModule } from '@embark/shared-ui';
import { prefetchDashboard } from '../features/dashboard/api/useDashboard';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { RemoteNotFound } from './RemoteNotFound';

/** A page module's named export as a lazy component (the pages export by name). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// The dashboard is where /app lands, so it ships with this module (no second round trip before the
// first page); every other page is its own chunk, fetched when first visited (docs/bundles.md).
const ChecklistPage = lazyPage(() => import('../features/checklist/ChecklistPage'), (m) => m.ChecklistPage);
const TaskDetailPage = lazyPage(() => import('../features/checklist/TaskDetailPage'), (m) => m.TaskDetailPage);
const SectionsPage = lazyPage(() => import('../features/sections/SectionsPage'), (m) => m.SectionsPage);
const JournalPage = lazyPage(() => import('../features/journal/JournalPage'), (m) => m.JournalPage);
const NewJournalEntryPage = lazyPage(() => import('../features/journal/NewJournalEntryPage'), (m) => m.NewJournalEntryPage);
const JournalEntryPage = lazyPage(() => import('../features/journal/JournalEntryPage'), (m) => m.JournalEntryPage);
const DocumentsPage = lazyPage(() => import('../features/documents/DocumentsPage'), (m) => m.DocumentsPage);
const PoliciesPage = lazyPage(() => import('../features/policies/PoliciesPage'), (m) => m.PoliciesPage);
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'), (m) => m.ProfilePage);
const CertificatePage = lazyPage(() => import('../features/profile/CertificatePage'), (m) => m.CertificatePage);
const NotificationPreferencesPage = lazyPage(
  () => import('../features/profile/NotificationPreferencesPage'),
  (m) => m.NotificationPreferencesPage,
);
const MyTasksPage = lazyPage(() => import('../features/people/MyTasksPage'), (m) => m.MyTasksPage);
const TeamPage = lazyPage(() => import('../features/people/TeamPage'), (m) => m.TeamPage);

/**
 * employee_mfe `./App`: the employee pages under `basePath` (`/app`). Routes are relative to where
 * the shell mounts this component; the router and the Apollo client are the shell's (shared). The
 * shell's guards decide who reaches which path before this renders.
 */
export default function EmployeeApp(_props: RemoteAppProps) {
  return (
    // The remote's own boundary: the standalone dev page has none around it, and in the shell a
    // page loading keeps the remote mounted instead of falling back to the remote-loading state.
    <Suspense
      fallback={
        <div className="employee-page">
          <Spinner size="lg" />
        </div>
      }
    >
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="checklist" element={<ChecklistPage />} />
        <Route path="checklist/:taskId" element={<TaskDetailPage />} />
        <Route path="sections" element={<SectionsPage />} />
        <Route path="journal" element={<JournalPage />} />
        <Route path="journal/new" element={<NewJournalEntryPage />} />
        <Route path="journal/:id" element={<JournalEntryPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="policies" element={<PoliciesPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="profile/certificate" element={<CertificatePage />} />
        <Route path="profile/notifications" element={<NotificationPreferencesPage />} />
        <Route path="my-tasks" element={<MyTasksPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="*" element={<RemoteNotFound />} />
      </Routes>
    </Suspense>
  );
}

/** The shell's early start of a page (RemoteModule): the dashboard's query, when the dashboard is opening. */
export const prefetch: NonNullable<RemoteModule['prefetch']> = ({ client, pathname }) =>
  normalisePath(pathname) === ROUTES.dashboard ? prefetchDashboard(client) : undefined;

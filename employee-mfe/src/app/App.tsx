import { Navigate, Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@embark/shared-ui';
import { ChecklistPage } from '../features/checklist/ChecklistPage';
import { TaskDetailPage } from '../features/checklist/TaskDetailPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DocumentsPage } from '../features/documents/DocumentsPage';
import { JournalEntryPage } from '../features/journal/JournalEntryPage';
import { JournalPage } from '../features/journal/JournalPage';
import { NewJournalEntryPage } from '../features/journal/NewJournalEntryPage';
import { PoliciesPage } from '../features/policies/PoliciesPage';
import { CertificatePage } from '../features/profile/CertificatePage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { SectionsPage } from '../features/sections/SectionsPage';
import { RemoteNotFound } from './RemoteNotFound';

/**
 * employee_mfe `./App`: the employee pages under `basePath` (`/app`). Routes are relative to where
 * the shell mounts this component; the router and the Apollo client are the shell's (shared). The
 * shell's guards (spec §2) decide who reaches which path before this renders.
 */
export default function EmployeeApp(_props: RemoteAppProps) {
  return (
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
      <Route path="*" element={<RemoteNotFound />} />
    </Routes>
  );
}

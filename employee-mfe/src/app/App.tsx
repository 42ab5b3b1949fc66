import { Navigate, Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@embark/shared-ui';
import { ChecklistPage } from '../features/checklist/ChecklistPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { RemoteNotFound } from './RemoteNotFound';

/**
 * employee_mfe `./App`: the employee pages under `basePath` (`/app`). Routes are relative to where
 * the shell mounts this component; the router and the Apollo client are the shell's (shared).
 */
export default function EmployeeApp(_props: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="checklist" element={<ChecklistPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="*" element={<RemoteNotFound />} />
    </Routes>
  );
}

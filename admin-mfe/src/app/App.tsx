import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@embark/shared-ui';
import { AdminIndexPage } from '../features/admin-index/AdminIndexPage';
import { SectionPlaceholder } from '../features/admin-index/SectionPlaceholder';

/**
 * admin_mfe `./App`: the administration area under `basePath` (`/app/admin`), with routes relative
 * to where the shell mounts it. Loaded only when an admin page is opened.
 */
export default function AdminApp({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<AdminIndexPage basePath={basePath} />} />
      <Route path="*" element={<SectionPlaceholder basePath={basePath} />} />
    </Routes>
  );
}

import { Route, Routes } from 'react-router';
import type { RemoteAppProps } from '@embark/shared-ui';
import { AdminIndexPage } from '../features/admin-index/AdminIndexPage';
import { AdminSectionPage } from '../features/admin-index/AdminSectionPage';
import { SectionPlaceholder } from '../features/admin-index/SectionPlaceholder';
import { ADMIN_SECTIONS } from '../features/admin-index/sections';

/**
 * admin_mfe `./App`: the administration area under `basePath` (`/app/admin`), with routes relative
 * to where the shell mounts it. Loaded only when an admin page is opened; the shell's guards keep
 * everyone else out before this renders.
 */
export default function AdminApp({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<AdminIndexPage basePath={basePath} />} />
      {ADMIN_SECTIONS.map((section) => (
        <Route key={section.path} path={section.path} element={<AdminSectionPage section={section} />} />
      ))}
      <Route path="*" element={<SectionPlaceholder basePath={basePath} />} />
    </Routes>
  );
}

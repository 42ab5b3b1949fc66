import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { pageTitleFor } from '@embark/shared-ui';
import { ADMIN_SECTIONS } from '../features/admin-index/sections';
import AdminApp from './App';

/** Mounts the remote the way the shell does: under /app/admin/*. */
function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/admin/*" element={<AdminApp basePath="/app/admin" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('admin remote', () => {
  it('shows the Administration index with every section, grouped, linked under the base path', () => {
    renderAt('/app/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    const entities = screen.getByRole('region', { name: 'Entity Management' });
    const relationships = screen.getByRole('region', { name: 'Relationship Management' });
    const links = (region: HTMLElement) =>
      within(region)
        .getAllByRole('link')
        .map((a) => [a.querySelector('.admin-section-card__title')?.textContent, a.getAttribute('href')]);
    expect(links(entities)).toEqual([
      ['Users', '/app/admin/users'],
      ['Roles', '/app/admin/roles'],
      ['Checklist items', '/app/admin/checklist-items'],
      ['Documents', '/app/admin/documents'],
    ]);
    expect(links(relationships)).toEqual([
      ['Role-checklist items', '/app/admin/role-checklists'],
      ['User-role assignment', '/app/admin/user-roles'],
      ['Document-checklist items', '/app/admin/document-checklist'],
    ]);
  });

  it.each([
    ['/app/admin/users', 'Manage Users'],
    ['/app/admin/roles', 'Manage Roles'],
    ['/app/admin/checklist-items', 'Manage Checklist Items'],
    ['/app/admin/documents', 'Manage Documents'],
    ['/app/admin/role-checklists', 'Role-Checklist Items'],
    ['/app/admin/user-roles', 'User-Role Assignment'],
    ['/app/admin/document-checklist', 'Document-Checklist Items'],
  ])('%s has a placeholder page headed %s, with a way back', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('This section is not available yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Administration' }).getAttribute('href')).toBe('/app/admin');
  });

  it("heads each section with the shell's page title for its route", () => {
    for (const section of ADMIN_SECTIONS) expect(section.title).toBe(pageTitleFor(section.href));
  });

  it('falls back to a placeholder for unknown paths', () => {
    renderAt('/app/admin/unknown');
    expect(screen.getByRole('link', { name: 'Back to Administration' }).getAttribute('href')).toBe('/app/admin');
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
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
  it('shows the Administration index with links to its sections under the base path', () => {
    renderAt('/app/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    const sections = screen.getByRole('list', { name: 'Administration sections' });
    const links = within(sections).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Users', '/app/admin/users'],
      ['Roles', '/app/admin/roles'],
      ['Checklist items', '/app/admin/checklist-items'],
      ['Documents', '/app/admin/documents'],
    ]);
    expect(document.title).toBe('Administration — Embark');
  });

  it('shows a placeholder with a way back for sections not built yet', () => {
    renderAt('/app/admin/users');
    expect(screen.getByText('This section is not available yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Administration' }).getAttribute('href')).toBe('/app/admin');
  });
});

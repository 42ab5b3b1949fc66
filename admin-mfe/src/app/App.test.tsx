import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { pageTitleFor } from '@embark/shared-ui';
import { AdminInsightsDocument, AdminStatsDocument, LatestChangesDocument } from '../__generated__/graphql';
import { ADMIN_SECTIONS } from '../features/admin-index/sections';
import { renderAdmin, rolesMock, type Mocks } from '../shared/test-utils';
import AdminApp from './App';

const STATS = {
  __typename: 'AdminStats',
  as_of: '2025-03-10',
  counts: { __typename: 'AdminCounts', users: 12, active_users: 11, roles: 7, checklist_items: 39, documents: 26 },
  new_hires_last_30_days: 3,
  users_finished: 2,
  completion_rate: 41,
  overdue_tasks: 5,
  roles: [
    { __typename: 'RoleHealth', role_id: 1, role_name: 'Employee', checklist_items: 14, users: 8, new_hires: 2, finished_users: 2, assigned_tasks: 112, completed_tasks: 50, completion_rate: 45, overdue_tasks: 4 },
    { __typename: 'RoleHealth', role_id: 3, role_name: 'Contractor', checklist_items: 0, users: 1, new_hires: 1, finished_users: 0, assigned_tasks: 0, completed_tasks: 0, completion_rate: null, overdue_tasks: 0 },
  ],
};
const CHANGES = {
  __typename: 'AuditPage',
  total: 1,
  data: [{ __typename: 'AuditEntry', id: 3, action: 'role.create', actor_user_id: 1, actor_name: 'Alex Admin', target_type: 'role', target_id: '9', details: { after: { name: 'Designer' } }, created_at: new Date(Date.now() - 5 * 60_000).toISOString() }],
};
// The index's charts have tests of their own.
const insightsNotShown: Mocks[number] = { request: { query: AdminInsightsDocument }, error: new Error('not shown here'), maxUsageCount: 3 };
const indexMocks: Mocks = [
  { request: { query: AdminStatsDocument }, result: { data: { adminStats: STATS } } },
  { request: { query: LatestChangesDocument, variables: { limit: 8 } }, result: { data: { auditLog: CHANGES } } },
  rolesMock(),
  insightsNotShown,
];

/** Mounts the remote the way the shell does: under /app/admin/*. */
function renderAt(path: string, mocks: Mocks = []) {
  return renderAdmin(
    <Routes>
      <Route path="/app/admin/*" element={<AdminApp basePath="/app/admin" />} />
    </Routes>,
    mocks,
    path,
    // The routing tests mount each screen without its data; the index's tests answer what they read.
    { showWarnings: mocks.length > 0 },
  );
}

describe('admin remote', () => {
  it('exports the latest changes only for a range it can read: a date typed halfway, or From after To, says so instead', async () => {
    await renderAt('/app/admin', indexMocks);
    const changes = await screen.findByRole('region', { name: 'Latest changes' });
    const from = within(changes).getByLabelText('From') as HTMLInputElement;
    const to = within(changes).getByLabelText('To') as HTMLInputElement;
    const exportButton = within(changes).getByRole('button', { name: 'Export audit log (CSV)' });
    // A browser reports a date typed halfway as '' with validity.badInput; jsdom has no such input, so it is set here.
    Object.defineProperty(from, 'validity', { configurable: true, value: { badInput: true } });
    fireEvent.click(exportButton);
    expect(within(changes).getByRole('alert').textContent).toBe('Export failed: From must be a date (YYYY-MM-DD)');
    Object.defineProperty(from, 'validity', { configurable: true, value: { badInput: false } });
    fireEvent.change(from, { target: { value: '2025-03-05' } });
    fireEvent.change(to, { target: { value: '2025-03-01' } });
    fireEvent.click(exportButton);
    expect(within(changes).getByRole('alert').textContent).toBe('Export failed: From must not be after To');
  });

  it('Administration index: counts linking to their sections, onboarding health per role, the latest changes', async () => {
    await renderAt('/app/admin', indexMocks);
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    const counts = await screen.findByRole('list', { name: 'At a glance' });
    expect(within(counts).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Users1211 active', '/app/admin/users'],
      ['Roles7', '/app/admin/roles'],
      ['Checklist items39', '/app/admin/checklist-items'],
      ['Documents26', '/app/admin/documents'],
    ]);
    const health = screen.getByRole('region', { name: 'Onboarding health' });
    expect(within(health).getByText('41%')).toBeTruthy();
    expect(within(health).getByRole('progressbar', { name: 'Employee completion rate' }).getAttribute('aria-valuenow')).toBe('45');
    expect(within(health).getByText('No checklist')).toBeTruthy();
    const changes = await screen.findByRole('list', { name: 'Latest audited changes' });
    expect(changes.textContent).toContain('Alex Admin created the role “Designer”');
    expect(changes.textContent).toContain('5m ago');
  });

  it('links to every section, grouped as in the sidebar', async () => {
    await renderAt('/app/admin', indexMocks);
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
    expect(links(screen.getByRole('region', { name: 'Company' }))).toEqual([['Settings', '/app/admin/settings']]);
  });

  it('shows the error state of the numbers when they cannot be loaded', async () => {
    await renderAt('/app/admin', [
      { request: { query: AdminStatsDocument }, error: new Error('offline'), maxUsageCount: 2 },
      { request: { query: LatestChangesDocument, variables: { limit: 8 } }, error: new Error('offline') },
      rolesMock(),
      insightsNotShown,
    ]);
    expect((await screen.findAllByText('Failed to load statistics')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Failed to load the latest changes')).toBeTruthy();
  });

  it.each(ADMIN_SECTIONS.map((s) => [s.href, s.title] as const))('%s is the screen headed %s', async (path, title) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("heads each section with the shell's page title for its route", () => {
    for (const section of ADMIN_SECTIONS) expect(section.title).toBe(pageTitleFor(section.href));
  });

  it('falls back to a placeholder for unknown paths', async () => {
    await renderAt('/app/admin/unknown');
    expect(screen.getByRole('link', { name: 'Back to Administration' }).getAttribute('href')).toBe('/app/admin');
  });
});

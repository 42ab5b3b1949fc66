import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@embark/shared-ui';
import { seriousViolations } from '@embark/shared-ui/testing/axe';
import type { PeopleApi, TeamMember } from './api/people-api';
import { TeamPage } from './TeamPage';
import { teamMember } from './test-data';

type FakePeopleApi = { [K in keyof PeopleApi]: jest.Mock<ReturnType<PeopleApi[K]>, Parameters<PeopleApi[K]>> };

const TEAM: TeamMember[] = [
  teamMember(31, 'Ada Brook', {
    completed: 3,
    total: 8,
    overdue: 2,
    completionPercentage: 38,
    nextDue: { item_id: 4, title: 'Security training', dueDate: '2026-02-04', owner_type: 'new_hire', owner_role_name: null },
  }),
  teamMember(32, 'Ben Cole', { completed: 5, total: 5, overdue: 0, completionPercentage: 100, nextDue: null }),
];

function fakeApi(team: TeamMember[] = TEAM): FakePeopleApi {
  return {
    myTasks: jest.fn((_offset?: number, _signal?: AbortSignal) => Promise.resolve({ data: [], total: 0 })),
    complete: jest.fn((_hireId: number, _itemId: number) => Promise.resolve()),
    team: jest.fn((_signal?: AbortSignal) => Promise.resolve(team)),
  };
}

async function renderPage(api: FakePeopleApi) {
  await act(async () => {
    render(
      <main>
        <TeamPage api={api} />
      </main>,
    );
  });
}

const member = (name: string) => screen.getByRole('listitem', { name });
const fact = (name: string, label: string) => within(member(name)).getByText(label).nextElementSibling?.textContent;

describe('My team', () => {
  it("shows each direct report's progress, overdue count, next due task and start date", async () => {
    await renderPage(fakeApi());
    expect(screen.getByRole('heading', { level: 1, name: 'My team' })).toBeTruthy();
    expect(document.title).toBe('My team — Embark');
    expect(within(screen.getByRole('list', { name: 'Direct reports' })).getAllByRole('listitem')).toHaveLength(2);

    const ada = member('Ada Brook');
    expect(within(ada).getByText('Employee')).toBeTruthy();
    expect(within(ada).getByRole('progressbar', { name: 'Ada Brook: onboarding progress' }).getAttribute('aria-valuenow')).toBe('38');
    expect(within(ada).getByText('3 of 8 tasks completed')).toBeTruthy();
    expect(fact('Ada Brook', 'Start date')).toBe('Feb 2, 2026');
    expect(fact('Ada Brook', 'Overdue')).toBe('2');
    expect(fact('Ada Brook', 'Next due')).toBe('Security training, due Wed, Feb 4');
    expect(within(ada).getByText('Overdue').parentElement?.className).toContain('people-member__overdue');

    expect(within(member('Ben Cole')).getByRole('progressbar', { name: 'Ben Cole: onboarding progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(fact('Ben Cole', 'Overdue')).toBe('0');
    expect(fact('Ben Cole', 'Next due')).toBe('Nothing left to do');
    expect(within(member('Ben Cole')).getByText('Overdue').parentElement?.className).toBeFalsy();
  });

  it('reads a report at 199 of 200 as 99 %, not a rounded 100', async () => {
    await renderPage(fakeApi([teamMember(33, 'Cy Dale', { completed: 199, total: 200, overdue: 0, completionPercentage: 100, nextDue: null })]));
    expect(within(member('Cy Dale')).getByRole('progressbar', { name: 'Cy Dale: onboarding progress' }).getAttribute('aria-valuenow')).toBe('99');
  });

  it("names who does the next task when it is not the report's own (the task an escalation is about)", async () => {
    const next = (owner_type: string, owner_role_name: string | null = null) => ({ item_id: 9, title: 'Prepare the laptop', dueDate: '2026-02-02', owner_type, owner_role_name });
    await renderPage(
      fakeApi([
        teamMember(41, 'Cara Dunn', { overdue: 1, nextDue: next('role', 'IT') }),
        teamMember(42, 'Dev Egan', { overdue: 1, nextDue: next('manager') }),
        teamMember(43, 'Eve Ford', { nextDue: next('buddy') }),
      ]),
    );
    expect(fact('Cara Dunn', 'Next due')).toBe('The IT team: Prepare the laptop, due Mon, Feb 2');
    expect(fact('Dev Egan', 'Next due')).toBe('You: Prepare the laptop, due Mon, Feb 2');
    expect(fact('Eve Ford', 'Next due')).toBe('Their buddy: Prepare the laptop, due Mon, Feb 2');
  });

  it('shows a named loading status, then says when no one reports to the user', async () => {
    let resolve: (team: TeamMember[]) => void = () => undefined;
    const api = fakeApi();
    api.team.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    await renderPage(api);
    expect(screen.getByRole('status', { name: 'Loading your team' })).toBeTruthy();
    await act(async () => resolve([]));
    expect(screen.getByText('No one reports to you yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Direct reports' })).toBeNull();
  });

  it('offers a retry when the team cannot be loaded', async () => {
    const api = fakeApi();
    api.team.mockRejectedValueOnce(new ApiError({ status: 0 }));
    await renderPage(api);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load your team. Please try again.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Direct reports' })).toBeTruthy());
    expect(api.team).toHaveBeenCalledTimes(2);
  });

  it('has no serious or critical axe violations', async () => {
    await renderPage(fakeApi());
    expect(await seriousViolations()).toEqual([]);
  });
});

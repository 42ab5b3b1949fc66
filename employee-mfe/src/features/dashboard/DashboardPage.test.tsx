import { Suspense, use } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { ApolloProvider } from '@apollo/client/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { notifySessionEnded, ToastContext, type ToastApi } from '@embark/shared-ui';
import { CACHE_TYPE_POLICIES } from '@embark/shared-ui/kit/apollo-client';
import { DashboardCompleteTaskDocument, DashboardDocument, type DashboardQuery } from '../../__generated__/graphql';
import { prefetch } from '../../app/App';
import { DashboardPage } from './DashboardPage';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

/** A cache with the production client's type policies, so the page meets the cache it meets in use. */
const productionCache = () => new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES });
const VARIABLES = { tasksShown: 3, activitiesShown: 3 };

function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The user's own task, as the server words it. */
const OWN = { owner_type: 'new_hire', ownerLabel: 'You', ownerName: null, canComplete: true };

interface Numbers {
  total: number;
  completed: number;
  overdue?: number;
}

/** A dashboard answer for `completed` of `total` tasks, with `__typename`s as the server sends them. */
function dashboardData({ total, completed, overdue = 0 }: Numbers, overrides: Partial<DashboardQuery['dashboard']> = {}) {
  const percentage = total > 0 ? Math.round((100 * completed) / total) : 0;
  const upcoming = [
    { id: 11, title: 'Sign the handbook', description: 'Read and sign', dueDate: isoDate(-2), daysUntilDue: -2, priority: 'high', isOverdue: true, estimatedTime: '10-15 minutes', route: '/app/checklist/11', urgencyLevel: 'overdue', ...OWN },
    { id: 12, title: 'Meet your buddy', description: null, dueDate: isoDate(1), daysUntilDue: 1, priority: 'medium', isOverdue: false, estimatedTime: '30-60 minutes', route: '/app/checklist/12', urgencyLevel: 'medium', ...OWN },
  ].slice(0, total - completed);
  return {
    me: { __typename: 'User', id: 7, name: 'Nina New' },
    dashboard: {
      __typename: 'Dashboard',
      startsInDays: null as number | null,
      progress: {
        __typename: 'DashboardProgress',
        totalTasks: total,
        completedTasks: completed,
        remainingTasks: total - completed,
        overdueTasks: overdue,
        completionPercentage: percentage,
        daysActive: 2,
        estimatedCompletionDate: completed === total ? null : isoDate(10),
      },
      completionStats: { __typename: 'CompletionStats', completed, total, isComplete: total > 0 && completed === total, othersCompleted: 0, othersTotal: 0 },
      nextStep: upcoming[0]
        ? { __typename: 'NextStep', title: upcoming[0].title, route: upcoming[0].route }
        : { __typename: 'NextStep', title: 'Continue Your Tasks', route: '/app/checklist' },
      upcomingTasks: upcoming.map((task) => ({ __typename: 'UpcomingTask', ...task })),
      recentActivity:
        completed > 0
          ? [{ __typename: 'RecentActivity', id: 5, taskTitle: 'Submit your W-4', timestamp: new Date(Date.now() - 5 * 60_000).toISOString(), notes: 'Done with HR' }]
          : [],
      ...overrides,
    },
  };
}

const dashboardMock = (numbers: Numbers, extra: Partial<Mocks[number]> = {}): Mocks[number] => ({
  request: { query: DashboardDocument, variables: VARIABLES },
  result: { data: dashboardData(numbers) },
  ...extra,
});

function fakeToasts() {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
}

async function renderDashboard(mocks: Mocks) {
  const toasts = fakeToasts();
  await act(async () => {
    render(
      <MockedProvider mocks={mocks} cache={productionCache()}>
        <ToastContext.Provider value={toasts}>
          <MemoryRouter initialEntries={['/app/dashboard']}>
            <DashboardPage />
          </MemoryRouter>
        </ToastContext.Provider>
      </MockedProvider>,
    );
  });
  return toasts;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(() => {
  // The page-wide 100 % milestone outlives a render; a new "session" per test keeps tests apart.
  notifySessionEnded();
});

describe('DashboardPage', () => {
  it('shows loading skeletons until the dashboard arrives', async () => {
    await renderDashboard([dashboardMock({ total: 8, completed: 2 }, { delay: 60_000 })]);
    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it("shows the spec's error with a retry that loads the dashboard", async () => {
    await renderDashboard([{ request: { query: DashboardDocument, variables: VARIABLES }, error: new Error('boom') }, dashboardMock({ total: 8, completed: 2 })]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load dashboard data. Please try again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByText('Your Next Step')).toBeTruthy();
  });

  it('renders the hero, quick stats, upcoming tasks, recent activity and quick actions from one query', async () => {
    await renderDashboard([dashboardMock({ total: 8, completed: 2, overdue: 1 })]);
    expect(await screen.findByText('Your Next Step')).toBeTruthy();
    expect(screen.getByText('Welcome back, Nina')).toBeTruthy();
    // 25 %: the 'excellent progress' guidance with the remaining count.
    const hero = screen.getByRole('region', { name: "You're making excellent progress! Only 6 tasks remaining." });
    expect(within(hero).getByRole('heading', { level: 2 })).toBeTruthy();
    expect(text('dash-remaining')).toBe('6 tasks remaining');
    // The next-step button: the server's next step (the most urgent task) and its route.
    expect(within(hero).getByRole('link', { name: 'Sign the handbook' }).getAttribute('href')).toBe('/app/checklist/11');
    expect(text('dash-percentage')).toBe('25%');
    expect(text('dash-completed')).toBe('2');
    expect(text('dash-remaining-count')).toBe('6');
    expect(text('dash-overdue')).toBe('1');
    expect(screen.getByRole('progressbar', { name: 'Onboarding Progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /On a roll/ })).toBeNull();

    const upcoming = screen.getByRole('region', { name: 'Upcoming Tasks' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    expect(within(upcoming).getByText('Overdue by 2 days')).toBeTruthy();
    expect(within(upcoming).getByText('Due tomorrow')).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: 'View all tasks in your checklist' }).getAttribute('href')).toBe('/app/checklist');
    expect(within(upcoming).getByRole('button', { name: 'Mark "Meet your buddy" as complete' })).toBeTruthy();

    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getByText('Submit your W-4')).toBeTruthy();
    expect(within(recent).getByText('Completed 5 minutes ago')).toBeTruthy();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Add Journal Entry', '/app/journal/new'],
      ['View All Journals', '/app/journal'],
      ['View Checklist', '/app/checklist'],
      ['Browse Documents', '/app/documents'],
      ['View Sections', '/app/sections'],
      ['Update Profile', '/app/profile'],
    ]);
  });

  it("shows others' tasks about the user read-only, and how many of them are done beside the user's progress", async () => {
    const base = dashboardData({ total: 8, completed: 2 });
    const managers = { __typename: 'UpcomingTask', id: 15, title: 'Book your first 1:1', description: null, dueDate: isoDate(2), daysUntilDue: 2, priority: 'high', isOverdue: false, estimatedTime: '30-60 minutes', route: '/app/checklist/15', urgencyLevel: 'high', owner_type: 'manager', ownerLabel: 'Your manager', ownerName: 'Dana Lee', canComplete: false };
    const data = {
      ...base,
      dashboard: {
        ...base.dashboard,
        completionStats: { ...base.dashboard.completionStats, othersCompleted: 3, othersTotal: 5 },
        upcomingTasks: [...base.dashboard.upcomingTasks, managers],
      },
    };
    await renderDashboard([{ request: { query: DashboardDocument, variables: VARIABLES }, result: { data } }]);
    expect(await screen.findByText('Your Next Step')).toBeTruthy();
    expect(text('dash-others')).toBe('3 of 5 tasks by your team done');
    // The user's own progress stays theirs alone.
    expect(text('dash-percentage')).toBe('25%');

    const rows = within(screen.getByRole('region', { name: 'Upcoming Tasks' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[2]?.querySelector('.dash-task__heading')?.textContent).toBe('Your manager (Dana Lee): Book your first 1:1');
    expect(within(rows[2] as HTMLElement).getByText('Due Soon')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[0]?.querySelector('.dash-task__owner')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Mark "Sign the handbook" as complete' })).toBeTruthy();
  });

  it('says how many days are left before the start date, then which day of onboarding it is', async () => {
    const early = dashboardData({ total: 8, completed: 0 }, { startsInDays: 5 });
    await renderDashboard([{ request: { query: DashboardDocument, variables: VARIABLES }, result: { data: early } }]);
    expect(await screen.findByText('Your onboarding at a glance. Starts in 5 days.')).toBeTruthy();
    expect(screen.queryByText(/Day \d+ of your onboarding/)).toBeNull();
  });

  it('says which day of onboarding it is once started', async () => {
    await renderDashboard([dashboardMock({ total: 8, completed: 2 })]);
    expect(await screen.findByText('Your onboarding at a glance. Day 3 of your onboarding.')).toBeTruthy();
  });

  it('has no line for others when no task about the user is theirs', async () => {
    await renderDashboard([dashboardMock({ total: 8, completed: 2 })]);
    expect(await screen.findByText('Your Next Step')).toBeTruthy();
    expect(screen.queryByTestId('dash-others')).toBeNull();
  });

  it("falls back to 'Continue Your Tasks' → /app/checklist, and shows the empty lists", async () => {
    await renderDashboard([
      {
        request: { query: DashboardDocument, variables: VARIABLES },
        result: { data: dashboardData({ total: 0, completed: 0 }, { nextStep: { __typename: 'NextStep', title: '', route: '' } as never }) },
      },
    ]);
    expect((await screen.findByRole('link', { name: 'Continue Your Tasks' })).getAttribute('href')).toBe('/app/checklist');
    expect(screen.getByRole('heading', { level: 2, name: "Welcome! Let's get started with your orientation journey." })).toBeTruthy();
    expect(screen.getByText('All caught up!')).toBeTruthy();
    expect(screen.getByText('No recent activity yet')).toBeTruthy();
    expect(screen.getByText('Not started')).toBeTruthy();
  });

  it.each([
    [49, 100, 'danger'],
    [50, 100, 'warning'],
    [74, 100, 'warning'],
    [75, 100, 'good'],
    [99, 100, 'good'],
    [100, 100, 'complete'],
  ])('colours the progress bar at %i of %i as %s', async (completed, total, tone) => {
    await renderDashboard([dashboardMock({ total, completed })]);
    const bar = await screen.findByRole('progressbar', { name: 'Onboarding Progress' });
    expect(bar.closest('.ui-progress')?.classList.contains(`ui-progress--${tone}`)).toBe(true);
  });

  it('shows the trend icon only above 5 completed tasks', async () => {
    await renderDashboard([dashboardMock({ total: 10, completed: 6 })]);
    expect(await screen.findByRole('img', { name: 'On a roll: more than 5 tasks completed' })).toBeTruthy();
  });

  it('reads 199 of 200 as 99 % in progress, not a rounded 100 % completed', async () => {
    const toasts = await renderDashboard([dashboardMock({ total: 200, completed: 199 })]);
    await screen.findByTestId('dash-percentage');
    expect(text('dash-percentage')).toBe('99%');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.queryByText('Completed')).toBeNull();
    expect(screen.queryByText(/^100%$/)).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Orientation Complete!' })).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('at 100 % shows Orientation Complete! and the certificate, without a toast on load', async () => {
    const toasts = await renderDashboard([dashboardMock({ total: 4, completed: 4 })]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Orientation Complete!' })).toBeTruthy();
    expect(screen.getByText("Congratulations! You've completed your orientation!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Your Certificate' }).getAttribute('href')).toBe('/app/profile');
    expect(screen.queryByText('Your Next Step')).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('completes a task after 800 ms, refreshes the numbers and toasts on reaching 100 from below', async () => {
    let clickedAt = 0;
    let sentAt = 0;
    const toasts = await renderDashboard([
      dashboardMock({ total: 2, completed: 1 }),
      {
        request: { query: DashboardCompleteTaskDocument, variables: { itemId: 11 } },
        result: () => {
          sentAt = Date.now();
          return {
            data: {
              setTaskProgress: {
                __typename: 'UserChecklistItem',
                id: 11,
                status: 'completed',
                completed: true,
                completed_at: new Date().toISOString(),
                has_progress: true,
                progress_id: 3,
                isOverdue: false,
              },
            },
          };
        },
      },
      dashboardMock({ total: 2, completed: 2 }),
    ]);
    const button = await screen.findByRole('button', { name: 'Mark "Sign the handbook" as complete' });
    expect(text('dash-percentage')).toBe('50%');
    clickedAt = Date.now();
    fireEvent.click(button);
    expect(button.textContent).toBe('Completing…');
    expect(button.hasAttribute('disabled')).toBe(true);

    expect(await screen.findByRole('heading', { level: 2, name: 'Orientation Complete!' })).toBeTruthy();
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(790);
    expect(text('dash-percentage')).toBe('100%');
    expect(text('dash-completed')).toBe('2');
    expect(text('dash-remaining-count')).toBe('0');
    // The pressed button is gone with its task: focus waits on the Upcoming Tasks heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Upcoming Tasks' })));
    expect(toasts.success).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith("Congratulations! You've completed all onboarding tasks!");
  });

  it('says so when the completion fails, and keeps the numbers', async () => {
    const toasts = await renderDashboard([
      dashboardMock({ total: 2, completed: 1 }),
      { request: { query: DashboardCompleteTaskDocument, variables: { itemId: 11 } }, error: new Error('nope') },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark "Sign the handbook" as complete' }));
    // The completion is sent after its 800 ms pause; a loaded machine may take longer to answer.
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Could not complete the task. Please try again.'), { timeout: 5000 });
    expect(text('dash-percentage')).toBe('50%');
    expect(screen.getByRole('button', { name: 'Mark "Sign the handbook" as complete' }).textContent).toBe('Complete');
  });
});

describe('the shell starting the dashboard early (prefetch)', () => {
  function countingClient(mocks: Mocks) {
    const asked: string[] = [];
    const count = new ApolloLink((operation, forward) => {
      asked.push(operation.operationName ?? 'anonymous');
      return forward(operation);
    });
    return { asked, client: new ApolloClient({ cache: productionCache(), link: ApolloLink.from([count, new MockLink(mocks)]) }) };
  }

  /** The page on the shared client, as the remote mounts it. */
  function onClient(client: ApolloClient) {
    return (
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={['/app/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </ApolloProvider>
    );
  }

  it("asks once: the page shows the prefetched answer without asking again", async () => {
    const { asked, client } = countingClient([{ request: { query: DashboardDocument, variables: VARIABLES }, result: { data: dashboardData({ total: 2, completed: 1 }) } }]);
    prefetch({ client, pathname: '/app/dashboard', basePath: '/app' });
    await act(async () => {
      render(onClient(client));
    });
    expect((await screen.findByTestId('dash-remaining')).textContent).toContain('1');
    expect(asked).toEqual(['Dashboard']);
  });

  it('asks once even when React throws the first render of the page away', async () => {
    // A sibling that suspends discards the page's first render, state and all, before it commits;
    // React also restarts a render that an update interrupts, which a busy machine makes likely.
    const { asked, client } = countingClient([{ request: { query: DashboardDocument, variables: VARIABLES }, result: { data: dashboardData({ total: 2, completed: 1 }) } }]);
    prefetch({ client, pathname: '/app/dashboard', basePath: '/app' });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    function Suspends() {
      use(gate);
      return null;
    }
    await act(async () => {
      render(
        <ApolloProvider client={client}>
          <MemoryRouter initialEntries={['/app/dashboard']}>
            <Suspense fallback={null}>
              <DashboardPage />
              <Suspends />
            </Suspense>
          </MemoryRouter>
        </ApolloProvider>,
      );
    });
    expect(screen.queryByTestId('dash-remaining')).toBeNull();
    await act(async () => {
      release();
      await gate;
    });
    expect((await screen.findByTestId('dash-remaining')).textContent).toContain('1');
    // Time for a second request to leave, if the page were to send one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toEqual(['Dashboard']);
  });

  it("settles once the answer is in the cache, so the page's first render already shows the data", async () => {
    const { asked, client } = countingClient([{ request: { query: DashboardDocument, variables: VARIABLES }, result: { data: dashboardData({ total: 2, completed: 1 }) } }]);
    await prefetch({ client, pathname: '/app/dashboard', basePath: '/app' });
    render(onClient(client));
    expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull();
    expect(screen.getByTestId('dash-remaining').textContent).toContain('1');
    expect(asked).toEqual(['Dashboard']);
  });

  it('settles without an error when the request fails: the page asks again and reports it', async () => {
    const { client } = countingClient([{ request: { query: DashboardDocument, variables: VARIABLES }, error: new Error('offline') }]);
    await expect(prefetch({ client, pathname: '/app/dashboard', basePath: '/app' })).resolves.toBeUndefined();
  });

  it('starts nothing for another page', () => {
    const { asked, client } = countingClient([]);
    prefetch({ client, pathname: '/app/checklist', basePath: '/app' });
    expect(asked).toEqual([]);
  });
});


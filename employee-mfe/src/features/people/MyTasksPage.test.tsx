import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, ToastContext, type ToastApi } from '@embark/shared-ui';
import { seriousViolations } from '@embark/shared-ui/testing/axe';
import type { MyTasksPage as TasksPage, PeopleApi } from './api/people-api';
import { MyTasksPage } from './MyTasksPage';
import { MY_TASKS, myTask, ROBIN } from './test-data';

type FakePeopleApi = { [K in keyof PeopleApi]: jest.Mock<ReturnType<PeopleApi[K]>, Parameters<PeopleApi[K]>> };

function fakeApi(page: TasksPage = { data: MY_TASKS, total: MY_TASKS.length }): FakePeopleApi {
  return {
    myTasks: jest.fn((_offset?: number, _signal?: AbortSignal) => Promise.resolve(page)),
    complete: jest.fn((_hireId: number, _itemId: number) => Promise.resolve()),
    team: jest.fn((_signal?: AbortSignal) => Promise.resolve([])),
  };
}

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

async function renderPage(api: FakePeopleApi) {
  const toast = toasts();
  await act(async () => {
    render(
      <ToastContext.Provider value={toast}>
        <MemoryRouter initialEntries={['/app/my-tasks']}>
          <main>
            <MyTasksPage api={api} />
          </main>
        </MemoryRouter>
      </ToastContext.Provider>,
    );
  });
  return toast;
}

const hireSection = (name: string) => screen.getByRole('region', { name });
const titlesOf = (name: string) =>
  within(screen.getByRole('list', { name: `Tasks for ${name}` }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.dash-task__title')?.textContent);

describe('Tasks for my hires', () => {
  it('groups open tasks by hire, the hire with the soonest task first, each sorted by due date', async () => {
    await renderPage(fakeApi());
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks for my hires' }).textContent).toBe('Tasks for my hires');
    expect(document.title).toBe('Tasks for my hires — Embark');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Robin Hale', 'Sam Ortiz']);
    expect(titlesOf('Robin Hale')).toEqual(['Book the first 1:1', 'Introduce the team']);
    expect(titlesOf('Sam Ortiz')).toEqual(['Prepare the laptop']);

    const robin = hireSection('Robin Hale');
    expect(within(robin).getByText('Starts Feb 2, 2026')).toBeTruthy();
    const [first, second] = within(robin).getAllByRole('listitem');
    expect(within(first!).getByText('Overdue')).toBeTruthy();
    // The product's due wording, from the server's days left (docs/product.md#due-dates).
    expect(within(first!).getByText('Overdue by 3 days')).toBeTruthy();
    expect(within(first!).getByText('High priority')).toBeTruthy();
    expect(within(second!).queryByText('Overdue')).toBeNull();
    expect(within(second!).getByText('Due in 4 days')).toBeTruthy();
    expect(within(within(hireSection('Sam Ortiz')).getByRole('listitem')).getByText('Due tomorrow')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('completes a task in place: the POST for that hire and item, a toast, the row gone, focus on the hire', async () => {
    const api = fakeApi();
    const toast = await renderPage(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Book the first 1:1" as complete for Robin Hale' })));
    expect(api.complete).toHaveBeenCalledWith(21, 5);
    expect(toast.success).toHaveBeenCalledWith('"Book the first 1:1" is complete for Robin Hale');
    await waitFor(() => expect(titlesOf('Robin Hale')).toEqual(['Introduce the team']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Robin Hale' })));
  });

  it("two completions at once that empty a hire's list leave focus on the page title, not on nothing", async () => {
    const api = fakeApi();
    let answer: () => void = () => undefined;
    api.complete.mockImplementationOnce(() => new Promise<void>((resolve) => (answer = resolve)));
    await renderPage(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Book the first 1:1" as complete for Robin Hale' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Introduce the team" as complete for Robin Hale' })));
    await act(async () => answer());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Robin Hale' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Tasks for my hires'));
  });

  it("completing a hire's last task removes the hire; the last of all shows the empty state", async () => {
    const api = fakeApi({ data: [myTask(ROBIN, 5, 'Book the first 1:1', '2026-02-02')], total: 1 });
    await renderPage(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Book the first 1:1" as complete for Robin Hale' })));
    await waitFor(() => expect(screen.getByText('No open tasks for your hires')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Robin Hale' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Tasks for my hires');
  });

  it('keeps the task and says so when completing fails; a task no longer theirs reloads the list', async () => {
    const api = fakeApi();
    api.complete.mockRejectedValueOnce(new ApiError({ status: 500 }));
    const toast = await renderPage(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Prepare the laptop" as complete for Sam Ortiz' })));
    expect(toast.error).toHaveBeenCalledWith('Could not complete the task. Please try again.');
    expect(titlesOf('Sam Ortiz')).toEqual(['Prepare the laptop']);
    expect(api.myTasks).toHaveBeenCalledTimes(1);

    api.complete.mockRejectedValueOnce(new ApiError({ status: 404, error: 'Not found' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark "Prepare the laptop" as complete for Sam Ortiz' })));
    await waitFor(() => expect(api.myTasks).toHaveBeenCalledTimes(2));
  });

  it("a refusal with 409 gives the server's reason, a task no longer theirs says so; both reload the list", async () => {
    const api = fakeApi();
    api.complete.mockRejectedValueOnce(new ApiError({ status: 409, error: 'This task is assigned to the IT team' }));
    const toast = await renderPage(api);
    const laptop = { name: 'Mark "Prepare the laptop" as complete for Sam Ortiz' };
    await act(async () => fireEvent.click(screen.getByRole('button', laptop)));
    expect(toast.error).toHaveBeenLastCalledWith('This task is assigned to the IT team');
    await waitFor(() => expect(api.myTasks).toHaveBeenCalledTimes(2));

    api.complete.mockRejectedValueOnce(new ApiError({ status: 404, error: 'Not found' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', laptop)));
    expect(toast.error).toHaveBeenLastCalledWith('This task is no longer yours to complete. Your list has been updated.');
    await waitFor(() => expect(api.myTasks).toHaveBeenCalledTimes(3));
  });

  it('shows a named loading status, then the empty state', async () => {
    let resolve: (page: TasksPage) => void = () => undefined;
    const api = fakeApi();
    api.myTasks.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    await renderPage(api);
    expect(screen.getByRole('status', { name: 'Loading your tasks' })).toBeTruthy();
    await act(async () => resolve({ data: [], total: 0 }));
    expect(screen.getByText('No open tasks for your hires')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your tasks' })).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const api = fakeApi();
    api.myTasks.mockRejectedValueOnce(new ApiError({ status: 500 }));
    await renderPage(api);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load your tasks. Please try again.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2));
  });

  it('loads the next page on request when there are more than one page holds', async () => {
    const api = fakeApi({ data: MY_TASKS.slice(0, 2), total: 3 });
    api.myTasks.mockResolvedValueOnce({ data: MY_TASKS.slice(0, 2), total: 3 }).mockResolvedValueOnce({ data: MY_TASKS.slice(2), total: 3 });
    await renderPage(api);
    expect(screen.getByText('Showing 2 of 3 tasks')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    expect(api.myTasks).toHaveBeenLastCalledWith(2);
    await waitFor(() => expect(titlesOf('Robin Hale')).toEqual(['Book the first 1:1', 'Introduce the team']));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // "Show more" left with the last page: the keyboard goes on from the first task it brought.
    const [brought] = MY_TASKS.slice(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `Mark "${brought?.item.title}" as complete for ${brought?.hire.name}` })));
  });

  it('has no serious or critical axe violations, with tasks and empty', async () => {
    await renderPage(fakeApi());
    expect(await seriousViolations()).toEqual([]);
  });
});

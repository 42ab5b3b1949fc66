import { apiClient, type ApiClient, type TaskPriority, type TaskType } from '@embark/shared-ui';

/** Who does a task for each hire (docs/product.md#roles). */
export type TaskOwnerType = 'new_hire' | 'manager' | 'buddy' | 'role';

/** An open task the signed-in user owns for another person, as `GET /my-tasks` answers it. */
export interface MyTask {
  hire: { id: number; name: string; start_date: string };
  item: {
    id: number;
    title: string;
    description: string | null;
    type: TaskType;
    priority: TaskPriority;
    due_days: number;
    owner_type: TaskOwnerType;
    owner_role_id: number | null;
  };
  /** The hire's due date, `YYYY-MM-DD`, whether it has passed and the days left: all the server's (docs/product.md#due-dates). */
  dueDate: string;
  isOverdue: boolean;
  daysUntilDue: number;
  status: 'pending';
}

export interface MyTasksPage {
  data: MyTask[];
  total: number;
}

/**
 * One direct report, as `GET /team` answers it: progress over the report's own tasks; overdue and
 * the next task over every task about them, with who does it.
 */
export interface TeamMember {
  user: { id: number; name: string; email: string; role_id: number; role_name: string; start_date: string };
  stats: {
    completed: number;
    total: number;
    overdue: number;
    completionPercentage: number;
    nextDue: { item_id: number; title: string; dueDate: string; owner_type: string; owner_role_name: string | null } | null;
  };
}

/** The largest page `GET /my-tasks` serves. */
export const MY_TASKS_PAGE_SIZE = 200;

/**
 * The calls of the pages for work done for other people, through the kit's REST client (10 s timeout,
 * the kit's error messages, session expiry on 401/403).
 */
export function createPeopleApi(client: ApiClient = apiClient) {
  return {
    /** GET /my-tasks: soonest due first, then by hire name. */
    myTasks: (offset = 0, signal?: AbortSignal) =>
      client.get<MyTasksPage>('/my-tasks', { query: { limit: MY_TASKS_PAGE_SIZE, offset }, signal }),
    /** Completes a task for its hire; the owner's right is checked by the server. */
    async complete(hireId: number, itemId: number): Promise<void> {
      await client.post<unknown>(`/user-checklist-items/user/${hireId}/item/${itemId}`, { status: 'completed' });
    },
    /** GET /team: the signed-in user's direct reports. */
    team: async (signal?: AbortSignal): Promise<TeamMember[]> => (await client.get<{ data: TeamMember[] }>('/team', { signal })).data,
  };
}

export type PeopleApi = ReturnType<typeof createPeopleApi>;

export const peopleApi: PeopleApi = createPeopleApi();

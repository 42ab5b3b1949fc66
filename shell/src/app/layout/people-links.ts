import { useCallback, useEffect, useState } from 'react';
import { apiClient, type ApiClient } from '@embark/shared-ui';
import { useRefreshCadence } from '../../features/notifications/use-refresh-cadence';
import { useAfterFirstPaint } from '../after-first-paint';

/** Which of the sidebar's links for work done for others lead somewhere for this user. */
export interface PeopleLinks {
  /** The user owns at least one open task for someone else. */
  myTasks: boolean;
  /** The user has direct reports. */
  team: boolean;
}

const NONE: PeopleLinks = { myTasks: false, team: false };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Asks `GET /my-tasks?limit=1` (one task is enough to know) and `GET /team`. Each link stays hidden
 * when its question fails: a missing link costs less than one leading to an empty page.
 */
export async function loadPeopleLinks(client: ApiClient = apiClient): Promise<PeopleLinks> {
  const [tasks, team] = await Promise.allSettled([client.get<unknown>('/my-tasks', { query: { limit: 1 } }), client.get<unknown>('/team')]);
  return {
    myTasks: tasks.status === 'fulfilled' && isObject(tasks.value) && typeof tasks.value.total === 'number' && tasks.value.total > 0,
    team: team.status === 'fulfilled' && isObject(team.value) && Array.isArray(team.value.data) && team.value.data.length > 0,
  };
}

/**
 * The links for `userId`, asked once the user is known and the first frame is drawn
 * (useAfterFirstPaint), and again on the notifications' cadence.
 */
export function usePeopleLinks(userId: number | null): PeopleLinks {
  const [state, setState] = useState<{ userId: number | null; links: PeopleLinks }>({ userId: null, links: NONE });
  const painted = useAfterFirstPaint();
  const load = useCallback(() => {
    if (userId === null || !painted) return;
    void loadPeopleLinks().then((links) => setState({ userId, links }));
  }, [userId, painted]);
  useEffect(() => {
    load();
  }, [load]);
  useRefreshCadence(load, userId !== null);
  return state.userId === userId ? state.links : NONE;
}

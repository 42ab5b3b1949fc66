import { tracked, type TrackedPromise } from './tracked-promise';

let area: TrackedPromise<typeof import('./AppArea')> | null = null;

/**
 * The `/app` area's chunk (the layout and the Apollo provider), loaded once: by its route, or ahead
 * of it by the shell's early start (remotes/early-start.ts), in which case the route renders it
 * without suspending. Never on `/`.
 */
export function loadAppArea(): Promise<typeof import('./AppArea')> {
  area ??= tracked(import('./AppArea'));
  return area;
}

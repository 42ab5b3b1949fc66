import { completionPercentage, PROGRESS_THRESHOLDS } from '@embark/shared-ui';

/**
 * The percentage a screen shows: 100 only once every task is done. A rounded 100 with a task still
 * open (199 of 200) reads 99, so no screen says "completed" early (docs/product.md#progress).
 */
export function shownPercentage(percent: number, isComplete: boolean): number {
  return isComplete ? PROGRESS_THRESHOLDS.complete : Math.min(PROGRESS_THRESHOLDS.complete - 1, percent);
}

/** shownPercentage of `completed` out of `total` tasks; 0 when there are none. */
export function shownProgress(completed: number, total: number): number {
  return shownPercentage(completionPercentage(completed, total), total > 0 && completed >= total);
}

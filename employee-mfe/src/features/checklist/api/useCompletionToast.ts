import { useContext, useEffect } from 'react';
import { completionMilestone, isOwnTask, SESSION_MESSAGES, ToastContext } from '@embark/shared-ui';
import { shownProgress } from '../../../shared/progress';

/**
 * 'Congratulations! …' when the user's own tasks reach 100 % from below (others' tasks about them do
 * not count: docs/product.md#progress). Reports to the page-wide milestone the dashboard reports to as
 * well, so finishing the last task anywhere toasts exactly once.
 */
export function useCompletionToast(tasks: ReadonlyArray<{ completed: boolean; owner_type: string }> | undefined) {
  const toast = useContext(ToastContext);
  const own = tasks?.filter(isOwnTask);
  const total = own?.length ?? 0;
  const done = own?.filter((task) => task.completed).length ?? 0;
  // 100 only when every task is done, so rounding can never fire it early.
  const percent = tasks === undefined ? null : shownProgress(done, total);
  useEffect(() => {
    if (percent === null) return;
    if (completionMilestone().observe(percent)) toast?.success(SESSION_MESSAGES.allTasksComplete);
  }, [percent, toast]);
}

import { useContext, useEffect } from 'react';
import { completionMilestone, isOwnTask, SESSION_MESSAGES, ToastContext } from '@embark/shared-ui';

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
  // 100 only when every task is done; otherwise at most 99, so rounding can never fire it early.
  const percent = tasks === undefined ? null : total > 0 && done === total ? 100 : total > 0 ? Math.min(99, Math.round((100 * done) / total)) : 0;
  useEffect(() => {
    if (percent === null) return;
    if (completionMilestone().observe(percent)) toast?.success(SESSION_MESSAGES.allTasksComplete);
  }, [percent, toast]);
}

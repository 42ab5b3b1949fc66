import { useContext, useEffect } from 'react';
import { completionMilestone, SESSION_MESSAGES, ToastContext } from '@embark/shared-ui';

/**
 * 'Congratulations! …' when the checklist reaches 100 % from below. Reports to the page-wide
 * milestone the dashboard reports to as well, so finishing the last task anywhere toasts exactly once.
 */
export function useCompletionToast(tasks: ReadonlyArray<{ completed: boolean }> | undefined) {
  const toast = useContext(ToastContext);
  const total = tasks?.length ?? 0;
  const done = tasks?.filter((task) => task.completed).length ?? 0;
  // 100 only when every task is done; otherwise at most 99, so rounding can never fire it early.
  const percent = tasks === undefined ? null : total > 0 && done === total ? 100 : total > 0 ? Math.min(99, Math.round((100 * done) / total)) : 0;
  useEffect(() => {
    if (percent === null) return;
    if (completionMilestone().observe(percent)) toast?.success(SESSION_MESSAGES.allTasksComplete);
  }, [percent, toast]);
}

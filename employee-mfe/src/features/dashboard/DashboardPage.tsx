import { useContext, useEffect, useState } from 'react';
import {
  AREA_MESSAGES,
  AuthContext,
  completionMilestone,
  DASHBOARD_TEXT,
  ErrorState,
  guidanceMessage,
  PageHeader,
  SESSION_MESSAGES,
  TIMING_MS,
  ToastContext,
  useDocumentTitle,
} from '@embark/shared-ui';
import { refocusIfLost } from '../../shared/focus';
import { shownPercentage } from '../../shared/progress';
import { useCompleteDashboardTask, useDashboard } from './api/useDashboard';
import { DashboardHero } from './components/DashboardHero';
import { DashboardSkeleton } from './components/DashboardSkeleton';
import { QuickActions } from './components/QuickActions';
import { QuickStats } from './components/QuickStats';
import { RecentActivity } from './components/RecentActivity';
import { UPCOMING_HEADING_ID, UpcomingTasks, type UpcomingTask } from './components/UpcomingTasks';
import './dashboard.css';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The dashboard (docs/product.md#dashboard): hero, quick stats, upcoming tasks, recent activity and quick actions, from one query. */
export function DashboardPage() {
  useDocumentTitle(DASHBOARD_TEXT.title);
  const { data, error, refetch } = useDashboard();
  const [completeTask] = useCompleteDashboardTask();
  // Optional contexts: the standalone dev page runs this remote without the shell's providers.
  const toast = useContext(ToastContext);
  const auth = useContext(AuthContext);
  const [completingIds, setCompletingIds] = useState<ReadonlySet<number>>(() => new Set());

  const dashboard = data?.dashboard;
  const progress = dashboard?.progress;
  const isComplete = Boolean(dashboard?.completionStats.isComplete);
  // What the screen and the milestone see: 100 only when every task is done, so a rounded 100
  // (199 of 200) neither reads "completed" nor toasts.
  const shownPercent = progress ? shownPercentage(progress.completionPercentage, isComplete) : null;

  useEffect(() => {
    if (shownPercent === null) return;
    if (completionMilestone().observe(shownPercent)) toast?.success(SESSION_MESSAGES.allTasksComplete);
  }, [shownPercent, toast]);

  async function handleComplete(task: UpcomingTask) {
    if (completingIds.has(task.id)) return;
    setCompletingIds((ids) => new Set(ids).add(task.id));
    try {
      // The button waits about 0.8 s (the checkmark registers) before the update is sent.
      await wait(TIMING_MS.taskCompletionDelay);
      try {
        await completeTask({ variables: { itemId: task.id } });
      } catch {
        toast?.error(DASHBOARD_TEXT.completeFailed);
        return;
      }
      try {
        await refetch();
      } catch {
        toast?.error(AREA_MESSAGES.dashboardLoad);
      }
      // The shell's copy of the user carries completion_percentage (header, profile).
      auth?.refreshUser().catch(() => undefined);
      // The pressed button leaves with its task once the refreshed list renders; keep keyboard users
      // in the list instead of sending them back to the top of the page.
      refocusIfLost(UPCOMING_HEADING_ID);
    } finally {
      setCompletingIds((ids) => {
        const next = new Set(ids);
        next.delete(task.id);
        return next;
      });
    }
  }

  const firstName = data?.me.name.trim().split(/\s+/)[0];
  // Before the start date (hires may sign in early) the days to go, then the day of onboarding.
  const startsInDays = dashboard?.startsInDays;
  const when = progress ? (typeof startsInDays === 'number' ? DASHBOARD_TEXT.startsIn(startsInDays) : DASHBOARD_TEXT.daysActive(progress.daysActive)) : null;
  const header = (
    <PageHeader
      title={DASHBOARD_TEXT.title}
      eyebrow={firstName ? DASHBOARD_TEXT.greeting(firstName) : DASHBOARD_TEXT.greetingAnonymous}
      description={when ? `${DASHBOARD_TEXT.lead} ${when}.` : DASHBOARD_TEXT.lead}
    />
  );

  if (!dashboard || !progress || shownPercent === null) {
    return (
      <div className="employee-page dash">
        {header}
        {error ? (
          <ErrorState icon="help" message={AREA_MESSAGES.dashboardLoad} onRetry={refetch} retryLabel={DASHBOARD_TEXT.retry} />
        ) : (
          <DashboardSkeleton />
        )}
      </div>
    );
  }

  return (
    <div className="employee-page dash">
      {header}
      <DashboardHero
        isComplete={isComplete}
        guidance={guidanceMessage(progress)}
        remainingTasks={progress.remainingTasks}
        completionPercentage={shownPercent}
        nextStep={dashboard.nextStep}
      />
      <QuickStats {...progress} completionPercentage={shownPercent} othersCompleted={dashboard.completionStats.othersCompleted} othersTotal={dashboard.completionStats.othersTotal} />
      <div className="dash-grid">
        <UpcomingTasks tasks={dashboard.upcomingTasks} completingIds={completingIds} onComplete={(task) => void handleComplete(task)} />
        <RecentActivity items={dashboard.recentActivity} />
      </div>
      <QuickActions />
    </div>
  );
}

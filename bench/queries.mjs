// The operations the benchmarks send, in one place: the gateway and the floor server get
// byte-identical requests.

/** The dashboard screen's query (employee-mfe dashboard.graphql) without `me`: every Dashboard field. */
export const DASHBOARD_QUERY = `query BenchDashboard {
  dashboard {
    progress { totalTasks completedTasks remainingTasks overdueTasks completionPercentage daysActive estimatedCompletionDate }
    completionStats { completed total pending overdue completionPercentage isComplete }
    nextStep { title route }
    upcomingTasks(limit: 3) { id title description dueDate priority isOverdue estimatedTime route urgencyLevel }
    recentActivity(limit: 3) { id taskTitle timestamp notes }
  }
}`;

export const DASHBOARD_BODY = JSON.stringify({ query: DASHBOARD_QUERY });

export const checklistPath = (userId) => `/api/user-checklist-items/user/${userId}`;

import { Badge, Card, completionPercentage, EmptyList, ErrorState, LoadingState, ProgressBar } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { failureMessage } from '../../shared/errors';
import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { usePolicyReport } from './api/useDocuments';

/** Company policies with who has acknowledged their current version (the documents module's report). */
export function PolicyReport() {
  const { data, error, refetch } = usePolicyReport();
  const report = data?.policyAcknowledgementReport;
  return (
    <Card title={ADMIN_TEXT.reportHeading}>
      <p className="adm-muted">{ADMIN_TEXT.reportLead}</p>
      <ExportCsvButton report="policies" />
      {!report ? (
        error ? (
          <ErrorState message={failureMessage(error, ADMIN_TEXT.reportFailed)} onRetry={refetch} />
        ) : (
          <LoadingState label={ADMIN_TEXT.reportLoading} />
        )
      ) : report.length === 0 ? (
        <EmptyList title={ADMIN_TEXT.reportEmpty} icon="documents" />
      ) : (
        <ul className="adm-report">
          {report.map((policy) => (
            <li key={policy.document_id} className="adm-report__item">
              <div className="adm-report__head">
                <h3 className="adm-report__title">{policy.title}</h3>
                <Badge>{ADMIN_TEXT.reportVersion(policy.version)}</Badge>
              </div>
              <ProgressBar value={completionPercentage(policy.acknowledged_count, policy.audience_count)} label={ADMIN_TEXT.reportRateLabel(policy.title)} showValue />
              <p className="adm-muted">{ADMIN_TEXT.reportCounts(policy.acknowledged_count, policy.audience_count)}</p>
              {policy.pending_count === 0 ? (
                <p className="adm-muted">{ADMIN_TEXT.reportAllDone}</p>
              ) : (
                <details className="adm-report__pending">
                  <summary>{ADMIN_TEXT.reportPending(policy.pending_count)}</summary>
                  <ul aria-label={ADMIN_TEXT.reportPendingList(policy.title)}>
                    {policy.pending_users.map((user) => (
                      <li key={user.id}>
                        {user.name} <span className="adm-cell-sub">{user.email}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Card,
  currentTime,
  EmptyList,
  ErrorState,
  formatCalendarDate,
  formatRelativeTime,
  Icon,
  LoadingState,
  PageHeader,
  parseCalendarDate,
  ProgressBar,
  useDocumentTitle,
  type IconName,
} from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { useAdminRoles } from '../../shared/api/useCommon';
import { useAdminStats } from '../../shared/api/useAdminStats';
import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { useLatestChanges } from './api/useLatestChanges';
import { describeChange } from './describe-change';
import { InsightsSection } from './insights/InsightsSection';
import { ADMIN_SECTIONS, type AdminSection } from './sections';
import '../../shared/admin.css';
import './admin-index.css';

const GROUPS: ReadonlyArray<AdminSection['group']> = ['Entity Management', 'Relationship Management', 'Company'];

interface CountTile {
  label: string;
  value: number;
  detail?: string;
  href: string;
  icon: IconName;
}

/** The four counts, each a link to its section. */
function Counts({ basePath }: { basePath: string }) {
  const { data, error, refetch } = useAdminStats();
  const stats = data?.adminStats;
  if (!stats) return error ? <ErrorState message={ADMIN_TEXT.statsFailed} onRetry={refetch} /> : <LoadingState label={ADMIN_TEXT.statsLoading} />;
  const tiles: CountTile[] = [
    { label: ADMIN_TEXT.countUsers, value: stats.counts.users, detail: ADMIN_TEXT.countActiveUsers(stats.counts.active_users), href: `${basePath}/users`, icon: 'users' },
    { label: ADMIN_TEXT.countRoles, value: stats.counts.roles, href: `${basePath}/roles`, icon: 'roles' },
    { label: ADMIN_TEXT.countItems, value: stats.counts.checklist_items, href: `${basePath}/checklist-items`, icon: 'checklist' },
    { label: ADMIN_TEXT.countDocuments, value: stats.counts.documents, href: `${basePath}/documents`, icon: 'documents' },
  ];
  return (
    <ul className="adm-counts" aria-label={ADMIN_TEXT.countsLabel}>
      {tiles.map((tile) => (
        <li key={tile.href}>
          <Link to={tile.href} className="adm-count">
            <span className="adm-count__icon" aria-hidden="true">
              <Icon name={tile.icon} size={20} />
            </span>
            <span className="adm-count__label">{tile.label}</span>
            <span className="adm-count__value">{tile.value.toLocaleString('en-US')}</span>
            {tile.detail ? <span className="adm-count__detail">{tile.detail}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Completion and overdue tasks per role, new hires and finishers. */
function Health() {
  const { data, error, refetch } = useAdminStats();
  const stats = data?.adminStats;
  const asOf = stats ? parseCalendarDate(stats.as_of) : null;
  return (
    <Card title={ADMIN_TEXT.healthHeading} className="adm-health">
      {!stats ? (
        error ? (
          <ErrorState message={ADMIN_TEXT.statsFailed} onRetry={refetch} />
        ) : (
          <LoadingState label={ADMIN_TEXT.statsLoading} />
        )
      ) : (
        <>
          {asOf ? <p className="adm-muted">{ADMIN_TEXT.healthLead(formatCalendarDate(asOf))}</p> : null}
          <ExportCsvButton report="overdue" />
          <dl className="adm-kpis">
            <div className="adm-kpi">
              <dt>{ADMIN_TEXT.healthCompletion}</dt>
              <dd>{stats.completion_rate === null || stats.completion_rate === undefined ? ADMIN_TEXT.none : `${stats.completion_rate}%`}</dd>
            </div>
            <div className="adm-kpi">
              <dt>{ADMIN_TEXT.healthOverdue}</dt>
              <dd className={stats.overdue_tasks > 0 ? 'adm-kpi--warn' : undefined}>{stats.overdue_tasks}</dd>
            </div>
            <div className="adm-kpi">
              <dt>{ADMIN_TEXT.healthNewHires}</dt>
              <dd>{stats.new_hires_last_30_days}</dd>
            </div>
            <div className="adm-kpi">
              <dt>{ADMIN_TEXT.healthFinished}</dt>
              <dd>{stats.users_finished}</dd>
            </div>
          </dl>
          <div className="ui-table-wrap adm-table" role="region" aria-label={ADMIN_TEXT.healthTable} tabIndex={0}>
            <table className="ui-table">
              <caption className="ui-visually-hidden">{ADMIN_TEXT.healthTable}</caption>
              <thead>
                <tr>
                  <th scope="col">{ADMIN_TEXT.healthRole}</th>
                  <th scope="col" className="ui-table__cell--end">
                    {ADMIN_TEXT.healthUsers}
                  </th>
                  <th scope="col" className="ui-table__cell--end">
                    {ADMIN_TEXT.healthNewHiresShort}
                  </th>
                  <th scope="col" className="ui-table__cell--end">
                    {ADMIN_TEXT.healthFinishedShort}
                  </th>
                  <th scope="col">{ADMIN_TEXT.healthRate}</th>
                  <th scope="col" className="ui-table__cell--end">
                    {ADMIN_TEXT.healthOverdue}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.roles.map((role) => (
                  <tr key={role.role_id}>
                    <th scope="row">{role.role_name}</th>
                    <td className="ui-table__cell--end" data-label={ADMIN_TEXT.healthUsers}>
                      {role.users}
                    </td>
                    <td className="ui-table__cell--end" data-label={ADMIN_TEXT.healthNewHiresShort}>
                      {role.new_hires}
                    </td>
                    <td className="ui-table__cell--end" data-label={ADMIN_TEXT.healthFinishedShort}>
                      {role.finished_users}
                    </td>
                    <td className="adm-health__rate" data-label={ADMIN_TEXT.healthRate}>
                      {role.completion_rate === null || role.completion_rate === undefined ? (
                        <span className="adm-muted">{role.checklist_items === 0 ? ADMIN_TEXT.healthNoItems : ADMIN_TEXT.none}</span>
                      ) : (
                        <ProgressBar value={role.completion_rate} label={ADMIN_TEXT.healthRateLabel(role.role_name)} showValue />
                      )}
                    </td>
                    <td className={role.overdue_tasks > 0 ? 'ui-table__cell--end adm-kpi--warn' : 'ui-table__cell--end'} data-label={ADMIN_TEXT.healthOverdue}>
                      {role.overdue_tasks}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

/** The latest audited changes: who did what, when. */
function LatestChanges() {
  const { data, error, refetch } = useLatestChanges();
  const roles = useAdminRoles().data?.roles ?? [];
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? `#${id}`;
  const entries = data?.auditLog.data;
  // One reading of the clock for the whole list, so its entries agree.
  const now = currentTime().getTime();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  // A date typed halfway reads as '' (no limit): the export would quietly cover every day.
  const rangeProblem = () =>
    fromInput.current?.validity.badInput ? ADMIN_TEXT.changesFromInvalid : toInput.current?.validity.badInput ? ADMIN_TEXT.changesToInvalid : from && to && from > to ? ADMIN_TEXT.changesRangeInvalid : null;
  return (
    <Card title={ADMIN_TEXT.changesHeading} className="adm-changes">
      {/* The whole log of these changes, for a range of days, goes out as a file. */}
      <div className="adm-export-range">
        <FormField label={ADMIN_TEXT.changesFrom}>{(p) => <input {...p} ref={fromInput} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />}</FormField>
        <FormField label={ADMIN_TEXT.changesTo}>{(p) => <input {...p} ref={toInput} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />}</FormField>
        <ExportCsvButton report="audit" query={{ category: 'changes', from, to }} check={rangeProblem} />
      </div>
      <p className="adm-muted">{ADMIN_TEXT.changesRangeHint}</p>
      {!entries ? (
        error ? (
          <ErrorState message={ADMIN_TEXT.changesFailed} onRetry={refetch} />
        ) : (
          <LoadingState label={ADMIN_TEXT.changesLoading} />
        )
      ) : entries.length === 0 ? (
        <EmptyList title={ADMIN_TEXT.changesEmpty} hint={ADMIN_TEXT.changesEmptyHint} icon="clock" />
      ) : (
        <ol className="adm-changes__list" aria-label={ADMIN_TEXT.changesList}>
          {entries.map((entry) => (
            <li key={entry.id} className="adm-change">
              <p className="adm-change__text">
                <strong>{entry.actor_name ?? ADMIN_TEXT.someone}</strong> {describeChange(entry, roleName)}
              </p>
              <time className="adm-change__time" dateTime={entry.created_at} title={new Date(entry.created_at).toLocaleString()}>
                {formatRelativeTime(entry.created_at, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Administration index (`/app/admin`): counts, onboarding health, the charts, the latest changes, every section. */
export function AdminIndexPage({ basePath }: { basePath: string }) {
  useDocumentTitle(ADMIN_TEXT.indexTitle);
  return (
    <div className="admin-page">
      <PageHeader title={ADMIN_TEXT.indexTitle} description={ADMIN_TEXT.indexLead} />
      <Counts basePath={basePath} />
      <Health />
      <InsightsSection />
      <LatestChanges />
      {GROUPS.map((group) => {
        const id = `admin-group-${group.split(' ')[0]?.toLowerCase()}`;
        return (
          <section key={group} className="admin-group" aria-labelledby={id}>
            <h2 id={id} className="admin-group__title">
              {group}
            </h2>
            <ul className="admin-sections">
              {ADMIN_SECTIONS.filter((section) => section.group === group).map((section) => (
                <li key={section.path}>
                  <Link to={`${basePath}/${section.path}`} className="admin-section-card">
                    <span className="admin-section-card__title">{section.label}</span>
                    <span className="admin-section-card__text">{section.text}</span>
                    <Icon name="chevronRight" size={18} className="admin-section-card__arrow" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

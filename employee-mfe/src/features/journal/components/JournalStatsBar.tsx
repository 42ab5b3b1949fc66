import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { useJournalStats } from '../api/useJournal';

/** Journal stats: entries, entries of the last 7 days, tags in use. A dash until known. */
export function JournalStatsBar() {
  const { data } = useJournalStats();
  const stats = data?.journalStats;
  const items = [
    { label: JOURNAL_TEXT.statsTotal, value: stats?.total_entries },
    { label: JOURNAL_TEXT.statsRecent, value: stats?.recent_entries },
    { label: JOURNAL_TEXT.statsTags, value: stats?.total_tags },
  ];
  return (
    <section aria-label={JOURNAL_TEXT.statsLabel} className="jrn-stats">
      <dl className="jrn-stats__list">
        {items.map(({ label, value }) => (
          <div key={label} className="jrn-stats__item">
            <dt className="jrn-stats__label">{label}</dt>
            <dd className="jrn-stats__value">{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

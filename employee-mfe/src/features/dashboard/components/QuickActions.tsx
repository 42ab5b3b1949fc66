import { Link } from 'react-router';
import { DASHBOARD_TEXT, Icon, ROUTES, type IconName } from '@embark/shared-ui';
import { DashPanel } from './DashPanel';

const ACTIONS: ReadonlyArray<{ label: string; to: string; icon: IconName }> = [
  { label: DASHBOARD_TEXT.addJournalEntry, to: ROUTES.journalNew, icon: 'journal' },
  { label: DASHBOARD_TEXT.viewAllJournals, to: ROUTES.journal, icon: 'journal' },
  { label: DASHBOARD_TEXT.viewChecklistAction, to: ROUTES.checklist, icon: 'checklist' },
  { label: DASHBOARD_TEXT.browseDocuments, to: ROUTES.documents, icon: 'documents' },
  { label: DASHBOARD_TEXT.viewSections, to: ROUTES.sections, icon: 'sections' },
  { label: DASHBOARD_TEXT.updateProfile, to: ROUTES.profile, icon: 'profile' },
];

/** Quick Actions: six shortcuts into the portal. */
export function QuickActions() {
  return (
    <DashPanel headingId="dash-actions-title" heading={DASHBOARD_TEXT.quickActionsHeading}>
      <ul className="dash-actions" aria-labelledby="dash-actions-title">
        {ACTIONS.map((action) => (
          <li key={action.label}>
            <Link to={action.to} className="dash-action">
              <span className="dash-action__icon">
                <Icon name={action.icon} size={18} />
              </span>
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </DashPanel>
  );
}

import { Link } from 'react-router';
import { Icon, ROUTES } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';

/** The way back to the list from an entry or the editor. */
export function BackToJournal() {
  return (
    <Link to={ROUTES.journal} className="jrn-back">
      <Icon name="chevronRight" size={16} className="jrn-back__icon" />
      {JOURNAL_TEXT.backToJournal}
    </Link>
  );
}

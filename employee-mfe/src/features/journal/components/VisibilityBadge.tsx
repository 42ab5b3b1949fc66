import { Badge } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import type { JournalVisibility } from '../../../__generated__/graphql';

/** 'Private' or 'Shared', in words (the colour only repeats them). */
export function VisibilityBadge({ visibility }: { visibility: JournalVisibility }) {
  return <Badge tone={visibility === 'shared' ? 'info' : 'neutral'}>{JOURNAL_TEXT.visibility[visibility]}</Badge>;
}

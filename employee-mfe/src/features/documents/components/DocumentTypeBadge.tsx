import { cx } from '@embark/shared-ui';
import { documentTypeSlug } from '@embark/shared-ui/kit/documents';

/** The document's class in its colour class (`doc-type--policy`, …); the name is always written out, so colour never carries meaning alone. */
export function DocumentTypeBadge({ name, className }: { name: string; className?: string }) {
  return <span className={cx('doc-type-badge', `doc-type--${documentTypeSlug(name)}`, className)}>{name}</span>;
}

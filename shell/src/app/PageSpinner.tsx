import { Spinner } from '@embark/shared-ui';

/** Whole-page loading state (a lazy page, or the session being checked). */
export function PageSpinner() {
  return (
    <div className="shell-page-loading">
      <Spinner size="lg" />
    </div>
  );
}

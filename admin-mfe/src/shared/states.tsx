import type { ReactNode } from 'react';
import { Button, EmptyState, Icon, Spinner, type IconName } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** A region still loading: a named status, so screen readers hear what is loading. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="adm-state">
      <Spinner label={label} />
    </div>
  );
}

/** A load that failed: the message as an alert, and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        icon={<Icon name="alert" size={24} />}
        title={message}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {ADMIN_TEXT.retry}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

/** Nothing to show yet, with what to do about it. */
export function EmptyList({ title, hint, icon = 'checklist', action }: { title: string; hint?: string; icon?: IconName; action?: ReactNode }) {
  return <EmptyState icon={<Icon name={icon} size={24} />} title={title} description={hint} action={action} />;
}

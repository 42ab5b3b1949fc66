import { ErrorScreen, UI_TEXT } from '@embark/shared-ui';

/** Shown instead of the app when /runtime-config.json is missing or invalid. */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <main id="main-content">
      <ErrorScreen title={UI_TEXT.configErrorTitle} message={UI_TEXT.configErrorMessage} detail={detail} />
    </main>
  );
}

import { useState } from 'react';
import { Button, type QueryValue } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { downloadCsv, type CsvReportName } from './csv-download';

export interface ExportCsvButtonProps {
  report: CsvReportName;
  /** The screen's current filters, as the report's query string takes them. */
  query?: Record<string, QueryValue>;
  /** How the file is fetched and saved (tests hand one in); the gateway's report by default. */
  download?: typeof downloadCsv;
  /** Asked on each press: a problem of the filters, shown instead of exporting (a date typed halfway reads as none). */
  check?: () => string | null;
}

/**
 * "Export … (CSV)" of a report (docs/product.md#reports): busy while the file
 * downloads, and the reason beside it when it fails (a bad filter's own words).
 */
export function ExportCsvButton({ report, query = {}, download = downloadCsv, check }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    const problem = check?.() ?? null;
    if (problem) {
      setFailure(problem);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await download(report, query);
    } catch (error) {
      setFailure(error instanceof Error && error.message !== '' ? error.message : ADMIN_TEXT.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="adm-export">
      <Button variant="secondary" busy={busy} onClick={() => void run()}>
        {busy ? ADMIN_TEXT.exporting : ADMIN_TEXT.exportCsv[report]}
      </Button>
      {failure ? (
        <span role="alert" className="adm-export__error">
          {ADMIN_TEXT.exportFailedBecause(failure)}
        </span>
      ) : null}
    </span>
  );
}

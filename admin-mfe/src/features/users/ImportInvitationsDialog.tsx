import { useRef, useState, type ChangeEvent } from 'react';
import { ADMIN_ROLE_ID, Button, LoadingState } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { Modal } from '@embark/shared-ui/components/Modal';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { ImportInvitationsMutation } from '../../__generated__/graphql';
import { failureMessage, lineErrorsOf, type LineError } from '../../shared/errors';
import { FormFailure } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { useImportInvitations, usePreviewImport } from './api/useInvitations';

/** A file's text (UTF-8); FileReader, which every browser (and the test DOM) has. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** How many ready lines invite into one role, as the import's answer gives it. */
type RoleCount = ImportInvitationsMutation['importInvitations']['roles'][number];

/** What the dry run found in the chosen file. */
interface Preview {
  fileName: string;
  csv: string;
  valid: number;
  roles: RoleCount[];
  errors: LineError[];
}

/**
 * Invitations from a CSV file (docs/product.md#registration): the file is checked first (a dry run
 * that changes nothing), its preview lists each line's problem, and only a file without problems can
 * be sent; every line becomes an invitation, or none does.
 */
export function ImportInvitationsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  // The import lives here so that Escape and × wait for its answer, which the form shows; the dry
  // run changes nothing and may be left.
  const [importAll, importing] = useImportInvitations();
  return (
    <Modal open={open} title={ADMIN_TEXT.importTitle} onClose={onClose} size="lg" dismissible={!importing.loading}>
      {open ? <ImportForm importAll={importAll} importing={importing.loading} onClose={onClose} /> : null}
    </Modal>
  );
}

/**
 * The file travels inside a GraphQL request, whose JSON body the gateway caps at 1 MB; escaping its
 * quotes and line breaks takes some of that. Larger files go through the REST import (text/csv, 5 MB).
 */
const IMPORT_FILE_LIMIT_BYTES = 900_000;

function ImportForm({ importAll, importing, onClose }: { importAll: ReturnType<typeof useImportInvitations>[0]; importing: boolean; onClose(): void }) {
  const toast = useAdminToast();
  const [check, checking] = usePreviewImport();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Only the answer about the file chosen last counts.
  const latest = useRef(0);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again once it is fixed checks it again.
    input.value = '';
    if (!file) return;
    const attempt = ++latest.current;
    setPreview(null);
    setFailure(null);
    if (file.size > IMPORT_FILE_LIMIT_BYTES) {
      setFailure(ADMIN_TEXT.importTooLarge);
      return;
    }
    let csv: string;
    try {
      csv = await readText(file);
    } catch {
      setFailure(ADMIN_TEXT.importReadFailed);
      return;
    }
    try {
      const { data } = await check({ variables: { csv, dryRun: true } });
      const result = data?.importInvitations;
      if (attempt !== latest.current) return;
      if (!result) throw new Error('no preview');
      setPreview({ fileName: file.name, csv, valid: result.valid, roles: result.roles, errors: result.errors });
    } catch (error) {
      if (attempt === latest.current) setFailure(failureMessage(error, ADMIN_TEXT.importCheckFailed));
    }
  };

  const confirm = async () => {
    if (!preview) return;
    setFailure(null);
    try {
      const { data } = await importAll({ variables: { csv: preview.csv, dryRun: false } });
      toast.success(ADMIN_TEXT.imported(data?.importInvitations.created ?? preview.valid));
      onClose();
    } catch (error) {
      // The file changed on the server's side of things (e.g. an address was invited meanwhile): its lines.
      const lines = lineErrorsOf(error);
      // The per-role counts were of the file as checked before: they no longer hold, and the refused
      // lines are ready no more.
      if (lines && lines.length > 0) setPreview({ ...preview, valid: Math.max(0, preview.valid - new Set(lines.map((l) => l.line)).size), roles: [], errors: lines });
      setFailure(failureMessage(error, ADMIN_TEXT.importFailed));
    }
  };

  const ready = preview !== null && preview.errors.length === 0 && preview.valid > 0;
  return (
    <div className="adm-form">
      <div className="adm-import__format">
        <p className="adm-muted">{ADMIN_TEXT.importLead}</p>
        <code className="adm-code">{ADMIN_TEXT.importHeader}</code>
        <p className="adm-muted">{ADMIN_TEXT.importRules}</p>
      </div>
      <FormField label={ADMIN_TEXT.importFileLabel}>{(p) => <input {...p} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={importing} />}</FormField>
      {checking.loading ? <LoadingState label={ADMIN_TEXT.importChecking} /> : null}
      {preview ? <ImportPreview preview={preview} /> : null}
      <FormFailure message={failure} />
      <div className="ui-modal__footer">
        <Button variant="secondary" onClick={onClose} disabled={importing}>
          {ADMIN_TEXT.cancel}
        </Button>
        <Button onClick={() => void confirm()} disabled={!ready || checking.loading} busy={importing}>
          {importing ? ADMIN_TEXT.sending : ready ? ADMIN_TEXT.importConfirm(preview.valid) : ADMIN_TEXT.importSubmit}
        </Button>
      </div>
    </div>
  );
}

/**
 * The dry run's answer: how many lines are ready, into which roles (a role's number in the file
 * is easy to get wrong, and an administrator is the costly mistake), and each line's problem.
 */
function ImportPreview({ preview }: { preview: Preview }) {
  const { fileName, valid, roles, errors } = preview;
  const administrators = roles.find((r) => r.role_id === ADMIN_ROLE_ID)?.count ?? 0;
  return (
    <section className="adm-import__preview" aria-label={fileName}>
      <p className="adm-import__file">{fileName}</p>
      <p role="status">{valid === 0 && errors.length === 0 ? ADMIN_TEXT.importNothing : ADMIN_TEXT.importValid(valid)}</p>
      {roles.length > 0 ? (
        <ul className="adm-import__roles" aria-label={ADMIN_TEXT.importRolesList}>
          {roles.map((r) => (
            <li key={r.role_id}>{ADMIN_TEXT.importRoleCount(r.role_name, r.count)}</li>
          ))}
        </ul>
      ) : null}
      {administrators > 0 ? (
        <p className="adm-import__warning" role="status">
          {ADMIN_TEXT.importAdminWarning(administrators)}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div className="adm-import__errors">
          <p className="adm-import__errors-title" role="alert">
            {ADMIN_TEXT.importErrorsHeading(errors.length)}
          </p>
          <ul aria-label={ADMIN_TEXT.importErrorsList}>
            {errors.map((e) => (
              <li key={`${e.line}:${e.message}`}>{ADMIN_TEXT.importLine(e.line, e.message)}</li>
            ))}
          </ul>
          <p className="adm-muted">{ADMIN_TEXT.importFixHint}</p>
        </div>
      ) : null}
    </section>
  );
}

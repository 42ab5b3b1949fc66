import { useEffect, useRef, type RefCallback } from 'react';
import { Button, useToast } from '@embark/shared-ui';
import { PROFILE_SECURITY_TEXT as TEXT } from '@embark/shared-ui/page-text/profile';

export interface BackupCodesProps {
  codes: readonly string[];
  /** Receives the heading, which the card focuses as the codes appear. */
  focusTarget: RefCallback<HTMLElement>;
  onDone(): void;
}

/** The new backup codes, shown this once (the server keeps only their hashes), with copy and download. */
export function BackupCodes({ codes, focusTarget, onDone }: BackupCodesProps) {
  const toast = useToast();
  const text = [TEXT.backupCodesFileHeader, '', ...codes, ''].join('\n');

  // Nobody should miss these: move focus to them as they appear.
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(TEXT.copiedToast);
    } catch {
      toast.error(TEXT.copyFailed);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = TEXT.backupCodesFileName;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next tick: some browsers start the download asynchronously.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="profile-2fa__body profile-codes">
      <h4
        ref={(element) => {
          heading.current = element;
          focusTarget(element);
        }}
        tabIndex={-1} className="profile-setup__step">
        {TEXT.backupCodesHeading}
      </h4>
      <p className="profile-2fa__lead">{TEXT.backupCodesLead}</p>
      <ol className="profile-codes__list" aria-label={TEXT.backupCodesListLabel}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="profile-2fa__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {TEXT.copyCodes}
        </Button>
        <Button variant="secondary" onClick={download}>
          {TEXT.downloadCodes}
        </Button>
        <Button onClick={onDone}>{TEXT.savedCodes}</Button>
      </div>
    </div>
  );
}

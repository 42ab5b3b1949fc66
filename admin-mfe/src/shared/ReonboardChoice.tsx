import { useId } from 'react';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/**
 * "Start the new role's checklist from today", offered wherever an administrator changes a role:
 * checked, the tasks new to the person count their due days from today rather than from their
 * start date (docs/product.md#due-dates).
 */
export function ReonboardChoice({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const hintId = useId();
  return (
    <div className="adm-reonboard">
      <label className="adm-check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} />
        <span>{ADMIN_TEXT.reonboardLabel}</span>
      </label>
      <p className="adm-muted adm-reonboard__hint" id={hintId}>
        {ADMIN_TEXT.reonboardHint}
      </p>
    </div>
  );
}

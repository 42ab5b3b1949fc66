import { useId, useState, type FormEvent } from 'react';
import { Button, Card } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { ReminderSettingsQuery } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/errors';
import { FormFailure, ListRegion } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { useReminderSettings, useUpdateReminderSettings } from './api/useReminderSettings';
import { ESCALATION_LIMITS, escalationDays } from './calendar-form';

type Settings = ReminderSettingsQuery['reminderSettings'];

/** The reminders card of Settings: the daily digests and escalations, for the whole company. */
export function RemindersSection() {
  const { data, error, refetch } = useReminderSettings();
  const settings = data?.reminderSettings;
  return (
    <Card title={ADMIN_TEXT.remindersHeading}>
      <ListRegion loaded={settings !== undefined} error={error} failed={ADMIN_TEXT.remindersFailed} loadingLabel={ADMIN_TEXT.remindersLoading} onRetry={refetch}>
        {settings ? <RemindersForm settings={settings} /> : null}
      </ListRegion>
    </Card>
  );
}

function RemindersForm({ settings }: { settings: Settings }) {
  const ids = useId();
  const toast = useAdminToast();
  const [save, saving] = useUpdateReminderSettings();
  const [enabled, setEnabled] = useState(settings.reminders_enabled);
  const [days, setDays] = useState(String(settings.escalation_days));
  const [daysError, setDaysError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const escalation = escalationDays(days);
    setDaysError(escalation === null ? ADMIN_TEXT.escalationDaysInvalid : undefined);
    if (escalation === null) return;
    try {
      await save({ variables: { input: { reminders_enabled: enabled, escalation_days: escalation } } });
      toast.success(ADMIN_TEXT.remindersSaved);
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.remindersSaveFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="adm-muted">{ADMIN_TEXT.remindersLead}</p>
      <label className="adm-choice">
        {/* Named by its label alone, described by its hint. */}
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} aria-labelledby={`${ids}-label`} aria-describedby={`${ids}-hint`} />
        <span>
          <span className="adm-choice__label" id={`${ids}-label`}>
            {ADMIN_TEXT.remindersEnabledLabel}
          </span>
          <span className="adm-choice__hint" id={`${ids}-hint`}>
            {ADMIN_TEXT.remindersEnabledHint}
          </span>
        </span>
      </label>
      <FormField label={ADMIN_TEXT.escalationDaysLabel} hint={ADMIN_TEXT.escalationDaysHint} error={daysError} className="adm-field--narrow">
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min={ESCALATION_LIMITS.min}
            max={ESCALATION_LIMITS.max}
            step={1}
            value={days}
            onChange={(e) => {
              setDays(e.target.value);
              setDaysError(undefined);
            }}
          />
        )}
      </FormField>
      <FormFailure message={failure} />
      <div className="adm-form__actions">
        <Button type="submit" busy={saving.loading}>
          {saving.loading ? ADMIN_TEXT.saving : ADMIN_TEXT.saveReminders}
        </Button>
      </div>
    </form>
  );
}

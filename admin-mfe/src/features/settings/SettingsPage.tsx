import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Icon, PageHeader, pageTitleFor, ROUTES, useDocumentTitle } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { RegistrationSettingsQuery } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/errors';
import { FormFailure, ListRegion } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { CalendarSection } from './CalendarSection';
import { focusAfterRemoving, replayEdits } from './list-editing';
import { RemindersSection } from './RemindersSection';
import { useRegistrationSettings, useUpdateRegistrationSettings } from './api/useRegistrationSettings';
import { domainProblem, isRegistrationMode, normaliseDomain, REGISTRATION_MODES, registrationProblem, type RegistrationMode } from './registration-form';
import '../../shared/admin.css';

type Settings = RegistrationSettingsQuery['registrationSettings'];

/**
 * Settings (`/app/admin/settings`): who may register (docs/product.md#registration), the company
 * calendar due dates count in (docs/product.md#due-dates) and the reminders. Each card loads and
 * saves on its own, so one failing leaves the others usable.
 */
export function SettingsPage() {
  const title = pageTitleFor(ROUTES.adminSettings);
  useDocumentTitle(title);
  const { data, error, refetch } = useRegistrationSettings();
  const settings = data?.registrationSettings;
  return (
    <div className="admin-page">
      <PageHeader eyebrow={ADMIN_TEXT.eyebrow} title={title} description={ADMIN_TEXT.settingsLead} />
      <Card title={ADMIN_TEXT.registrationHeading}>
        <ListRegion loaded={settings !== undefined} error={error} failed={ADMIN_TEXT.settingsFailed} loadingLabel={ADMIN_TEXT.settingsLoading} onRetry={refetch}>
          {settings ? <RegistrationForm settings={settings} /> : null}
        </ListRegion>
      </Card>
      <CalendarSection />
      <RemindersSection />
    </div>
  );
}

function RegistrationForm({ settings }: { settings: Settings }) {
  const ids = useId();
  const toast = useAdminToast();
  const [save, saving] = useUpdateRegistrationSettings();
  // An unknown mode from a newer server shows no choice picked rather than a wrong one.
  const [mode, setMode] = useState<RegistrationMode | ''>(isRegistrationMode(settings.mode) ? settings.mode : '');
  const [domains, setDomains] = useState<string[]>([...settings.domains]);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const [listError, setListError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const domainInput = useRef<HTMLInputElement>(null);

  /** Adds the typed domain; false (with the reason shown) when it cannot be added. */
  const addDraft = (): string[] | null => {
    const domain = normaliseDomain(draft);
    const problem = domainProblem(domain, domains);
    setDraftError(problem);
    if (problem) return null;
    const next = [...domains, domain];
    setDomains(next);
    setDraft('');
    setListError(undefined);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (mode === '') return;
    // A domain typed but not yet added counts, so Save does not silently drop it; with another
    // choice the domains are off, so what is typed there is neither checked nor saved.
    const list = mode !== 'domains' || draft.trim() === '' ? domains : addDraft();
    if (!list) return;
    const problem = registrationProblem(mode, list);
    setListError(problem);
    if (problem) return;
    try {
      const { data } = await save({ variables: { input: { mode, domains: list } } });
      // Domains added or removed while the save was on its way stay so.
      if (data) setDomains((current) => replayEdits(data.updateRegistrationSettings.domains, list, current, (d) => d));
      toast.success(ADMIN_TEXT.settingsSaved);
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.settingsSaveFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="adm-muted">{ADMIN_TEXT.registrationLead}</p>
      <fieldset className="adm-choices">
        <legend className="ui-visually-hidden">{ADMIN_TEXT.registrationHeading}</legend>
        {REGISTRATION_MODES.map((value) => (
          <label key={value} className="adm-choice">
            {/* Named by its label alone, described by its hint. */}
            <input
              type="radio"
              name={`${ids}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                // A problem of the domains belongs to that choice: it does not wait to come back with it.
                setDraftError(undefined);
                setListError(undefined);
              }}
              aria-labelledby={`${ids}-${value}-label`}
              aria-describedby={`${ids}-${value}-hint`}
            />
            <span>
              <span className="adm-choice__label" id={`${ids}-${value}-label`}>
                {ADMIN_TEXT.registrationModes[value].label}
              </span>
              <span className="adm-choice__hint" id={`${ids}-${value}-hint`}>
                {ADMIN_TEXT.registrationModes[value].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="adm-domains" disabled={mode !== 'domains'}>
        <legend className="adm-domains__title">{ADMIN_TEXT.domainsHeading}</legend>
        {domains.length === 0 ? (
          <p className="adm-muted">{ADMIN_TEXT.domainsNone}</p>
        ) : (
          <ul className="adm-domains__list" aria-label={ADMIN_TEXT.domainsList}>
            {domains.map((domain) => (
              <li key={domain} className="adm-domain">
                <span>{domain}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="adm-icon-button"
                  aria-label={ADMIN_TEXT.removeDomain(domain)}
                  title={ADMIN_TEXT.removeDomain(domain)}
                  onClick={(e) => {
                    focusAfterRemoving(e.currentTarget, domainInput.current);
                    setDomains((current) => current.filter((d) => d !== domain));
                  }}
                >
                  <Icon name="close" size={16} />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="adm-domains__add">
          {/* The problems belong to listed domains: with another choice they neither apply nor show. */}
          <FormField label={ADMIN_TEXT.domainLabel} hint={ADMIN_TEXT.domainHint} error={mode === 'domains' ? (draftError ?? listError) : undefined} className="adm-toolbar__grow">
            {(p) => (
              <input
                {...p}
                ref={domainInput}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setDraftError(undefined);
                }}
                onKeyDown={(e) => {
                  // Enter adds the domain rather than saving the whole form.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDraft();
                  }
                }}
              />
            )}
          </FormField>
          <Button variant="secondary" onClick={() => addDraft()}>
            {ADMIN_TEXT.addDomain}
          </Button>
        </div>
      </fieldset>

      <FormFailure message={failure} />
      <div className="adm-form__actions">
        <Button type="submit" busy={saving.loading} disabled={mode === ''}>
          {saving.loading ? ADMIN_TEXT.saving : ADMIN_TEXT.saveSettings}
        </Button>
      </div>
    </form>
  );
}

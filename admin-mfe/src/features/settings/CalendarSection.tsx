import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Card, Icon } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { CompanyCalendarFieldsFragment } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/errors';
import { formatDate } from '../../shared/format';
import { ChoiceField, FormFailure, ListRegion } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { useCompanyCalendar, useHolidayPreset, useUpdateCompanyCalendar } from './api/useCompanyCalendar';
import {
  countryName,
  holidayProblems,
  mergeHolidays,
  normaliseCountry,
  presetYear,
  CALENDAR_LIMITS,
  sortedHolidays,
  sortedWeekdays,
  timeZoneChoices,
  WEEKDAYS,
  type HolidayDraftErrors,
  type HolidayEntry,
} from './calendar-form';
import { focusAfterRemoving, replayEdits } from './list-editing';

/** Enter in a field that adds something (a holiday, a preset) adds it rather than saving the whole calendar. */
const onEnter = (add: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  add();
};

const sameHoliday = (a: HolidayEntry, b: HolidayEntry) => a.name === b.name;

/** The company calendar card of Settings: loading, failed with a retry, or its form. */
export function CalendarSection() {
  const { data, error, refetch } = useCompanyCalendar();
  const calendar = data?.companyCalendar;
  return (
    <Card title={ADMIN_TEXT.calendarHeading}>
      <ListRegion loaded={calendar !== undefined} error={error} failed={ADMIN_TEXT.calendarFailed} loadingLabel={ADMIN_TEXT.calendarLoading} onRetry={refetch}>
        {calendar ? <CalendarForm calendar={calendar} /> : null}
      </ListRegion>
    </Card>
  );
}

/**
 * Time zone, working days and holidays, saved together. A refused save keeps everything typed, so
 * the server's reason can be fixed in place (docs/product.md#due-dates).
 */
function CalendarForm({ calendar }: { calendar: CompanyCalendarFieldsFragment }) {
  const ids = useId();
  const toast = useAdminToast();
  const [save, saving] = useUpdateCompanyCalendar();
  const loadPreset = useHolidayPreset();
  const [timeZone, setTimeZone] = useState(calendar.time_zone);
  const [workingDays, setWorkingDays] = useState<number[]>(() => sortedWeekdays(calendar.working_days));
  const [holidays, setHolidays] = useState<HolidayEntry[]>(() => sortedHolidays(calendar.holidays));
  const [holidayCountry, setHolidayCountry] = useState<string | null>(calendar.holiday_country ?? null);
  const [draft, setDraft] = useState<HolidayEntry>({ date: '', name: '' });
  const [draftErrors, setDraftErrors] = useState<HolidayDraftErrors>({});
  const [country, setCountry] = useState(calendar.holiday_country ?? '');
  const [year, setYear] = useState(calendar.today.slice(0, 4));
  const [presetError, setPresetError] = useState<{ country?: string; year?: string }>({});
  const [presetNote, setPresetNote] = useState('');
  const [presetBusy, setPresetBusy] = useState(false);
  const [daysError, setDaysError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneChoices(calendar.time_zone).map((zone) => ({ value: zone, label: zone })), [calendar.time_zone]);
  const typedCountry = normaliseCountry(country);
  const typedCountryName = countryName(typedCountry);
  const dateInput = useRef<HTMLInputElement>(null);
  // The list as last shown, for the note on a preset that answers after the list was edited.
  const shownHolidays = useRef(holidays);
  useEffect(() => {
    shownHolidays.current = holidays;
  }, [holidays]);

  const toggleDay = (day: number) => {
    setDaysError(undefined);
    setWorkingDays((days) => (days.includes(day) ? days.filter((d) => d !== day) : sortedWeekdays([...days, day])));
  };

  /** The list with the typed holiday added, or null (its problems shown). */
  const addDraft = (): HolidayEntry[] | null => {
    const problems = holidayProblems(draft, holidays);
    setDraftErrors(problems);
    if (Object.keys(problems).length > 0) return null;
    const next = sortedHolidays([...holidays, { date: draft.date, name: draft.name.trim() }]);
    setHolidays(next);
    setDraft({ date: '', name: '' });
    return next;
  };
  const addHoliday = () => void addDraft();

  const addPreset = async () => {
    setPresetNote('');
    const code = typedCountry;
    const wanted = presetYear(year);
    const problems = { country: code === '' ? ADMIN_TEXT.presetCountryRequired : undefined, year: wanted === null ? ADMIN_TEXT.presetYearInvalid : undefined };
    setPresetError(problems);
    if (problems.country || wanted === null) return;
    setPresetBusy(true);
    try {
      const preset = await loadPreset(code, wanted);
      // Merged into the list as it is now: holidays added or removed while the preset loaded stay so.
      const { added } = mergeHolidays(shownHolidays.current, preset);
      setHolidays((current) => mergeHolidays(current, preset).holidays);
      setHolidayCountry(code);
      setCountry(code);
      setPresetNote(ADMIN_TEXT.presetAdded(added, typedCountryName ?? code, wanted));
    } catch (error) {
      // 'Unknown country' and the like belong to the country field.
      setPresetError({ country: failureMessage(error, ADMIN_TEXT.presetFailed) });
    } finally {
      setPresetBusy(false);
    }
  };

  // Like its button, which is disabled while a preset loads.
  const requestPreset = () => {
    if (!presetBusy) void addPreset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const days = workingDays.length === 0 ? ADMIN_TEXT.workingDaysRequired : undefined;
    setDaysError(days);
    if (days) return;
    // A holiday typed but not yet added counts, so Save does not silently drop it.
    const sent = draft.date === '' && draft.name.trim() === '' ? holidays : addDraft();
    if (!sent) return;
    try {
      const input = { time_zone: timeZone, working_days: workingDays, holidays: sent.map(({ date, name }) => ({ date, name })), holiday_country: holidayCountry };
      const { data } = await save({ variables: { input } });
      // Holidays added or removed while the save was on its way stay so.
      if (data) setHolidays((current) => sortedHolidays(replayEdits(data.updateCompanyCalendar.holidays, sent, current, (h) => h.date, sameHoliday)));
      toast.success(ADMIN_TEXT.calendarSaved);
    } catch (error) {
      setFailure(failureMessage(error, ADMIN_TEXT.calendarSaveFailed));
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="adm-muted">{ADMIN_TEXT.calendarLead}</p>
      <div className="adm-form__row">
        <ChoiceField label={ADMIN_TEXT.timeZoneLabel} hint={ADMIN_TEXT.timeZoneHint} value={timeZone} onChange={(zone) => setTimeZone(zone || timeZone)} choices={zones} />
        <p className="adm-calendar__today">{ADMIN_TEXT.companyToday(formatDate(calendar.today))}</p>
      </div>

      <fieldset className="adm-domains" aria-describedby={daysError ? `${ids}-days-error` : undefined}>
        <legend className="adm-domains__title">{ADMIN_TEXT.workingDaysHeading}</legend>
        <div className="adm-weekdays">
          {WEEKDAYS.map((day) => (
            <label key={day} className="adm-check">
              <input type="checkbox" checked={workingDays.includes(day)} onChange={() => toggleDay(day)} />
              <span>{ADMIN_TEXT.weekdays[day]}</span>
            </label>
          ))}
        </div>
        <p className="ui-field__error" id={`${ids}-days-error`} aria-live="polite">
          {daysError ?? ''}
        </p>
      </fieldset>

      <fieldset className="adm-domains">
        <legend className="adm-domains__title">{ADMIN_TEXT.holidaysHeading}</legend>
        {holidays.length === 0 ? (
          <p className="adm-muted">{ADMIN_TEXT.holidaysNone}</p>
        ) : (
          <ul className="adm-holidays" aria-label={ADMIN_TEXT.holidaysList}>
            {holidays.map((holiday) => (
              <li key={holiday.date} className="adm-holiday">
                <time dateTime={holiday.date}>{formatDate(holiday.date)}</time>
                <span>{holiday.name}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="adm-icon-button"
                  aria-label={ADMIN_TEXT.removeHoliday(holiday.name, holiday.date)}
                  title={ADMIN_TEXT.removeHoliday(holiday.name, holiday.date)}
                  onClick={(e) => {
                    focusAfterRemoving(e.currentTarget, dateInput.current);
                    setHolidays((current) => current.filter((h) => h.date !== holiday.date));
                  }}
                >
                  <Icon name="close" size={16} />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="adm-domains__add">
          <FormField label={ADMIN_TEXT.holidayDateLabel} error={draftErrors.date}>
            {(p) => (
              <input
                {...p}
                ref={dateInput}
                type="date"
                value={draft.date}
                onChange={(e) => {
                  setDraft({ ...draft, date: e.target.value });
                  setDraftErrors({ ...draftErrors, date: undefined });
                }}
                onKeyDown={onEnter(addHoliday)}
              />
            )}
          </FormField>
          <FormField label={ADMIN_TEXT.holidayNameLabel} error={draftErrors.name} className="adm-toolbar__grow">
            {(p) => (
              <input
                {...p}
                type="text"
                autoComplete="off"
                value={draft.name}
                onChange={(e) => {
                  setDraft({ ...draft, name: e.target.value });
                  setDraftErrors({ ...draftErrors, name: undefined });
                }}
                onKeyDown={onEnter(addHoliday)}
              />
            )}
          </FormField>
          <Button variant="secondary" onClick={addHoliday}>
            {ADMIN_TEXT.addHoliday}
          </Button>
        </div>
        <div className="adm-domains__add" role="group" aria-label={ADMIN_TEXT.presetHeading}>
          <FormField label={ADMIN_TEXT.presetCountryLabel} hint={typedCountryName ?? ADMIN_TEXT.presetCountryHint} error={presetError.country}>
            {(p) => (
              <input
                {...p}
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={8}
                size={8}
                value={country}
                onChange={(e) => {
                  setCountry(e.target.value);
                  setPresetError({ ...presetError, country: undefined });
                }}
                onKeyDown={onEnter(requestPreset)}
              />
            )}
          </FormField>
          <FormField label={ADMIN_TEXT.presetYearLabel} error={presetError.year}>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={CALENDAR_LIMITS.yearMin}
                max={CALENDAR_LIMITS.yearMax}
                step={1}
                value={year}
                onChange={(e) => {
                  setYear(e.target.value);
                  setPresetError({ ...presetError, year: undefined });
                }}
                onKeyDown={onEnter(requestPreset)}
              />
            )}
          </FormField>
          <Button variant="secondary" busy={presetBusy} onClick={requestPreset}>
            {presetBusy ? ADMIN_TEXT.presetAdding : ADMIN_TEXT.presetAdd}
          </Button>
        </div>
        <p className="adm-muted" role="status">
          {presetNote}
        </p>
        {/* The preset data's licence asks for attribution (docs/decisions.md). */}
        <p className="adm-muted">{ADMIN_TEXT.presetSource}</p>
      </fieldset>

      <FormFailure message={failure} />
      <div className="adm-form__actions">
        <Button type="submit" busy={saving.loading}>
          {saving.loading ? ADMIN_TEXT.saving : ADMIN_TEXT.saveCalendar}
        </Button>
      </div>
    </form>
  );
}

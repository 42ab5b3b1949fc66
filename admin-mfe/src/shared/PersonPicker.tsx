import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Icon, useDebouncedValue } from '@embark/shared-ui';
import { FormField } from '@embark/shared-ui/components/FormField';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import { failureMessage } from './errors';
import { useAdminUsers } from './api/useUsers';

/** A person picked from the existing users. */
export interface Person {
  id: number;
  name: string;
  email: string;
}

/** People offered per search. */
const SUGGESTIONS = 8;

/** The person a field holds: the name is all it shows of them. */
export type PickedPerson = Pick<Person, 'id' | 'name'>;

/** A person field's value: the person picked, if any, and the text in its box (their name, or what is being typed). */
export interface PersonField {
  person: PickedPerson | null;
  text: string;
}

/** A person field holding `person`, or no one. */
export function personField(person: PickedPerson | null): PersonField {
  return { person, text: person?.name ?? '' };
}

/**
 * The errors of a form's person fields: text that names no one (typed, nobody picked) stops the save,
 * so a half-typed name never drops the person silently. A blank field means no one.
 */
export function unpickedErrors<F extends string>(fields: Record<F, PersonField>): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const [name, field] of Object.entries<PersonField>(fields)) if (isUnpicked(field)) found[name as F] = ADMIN_TEXT.personUnpicked;
  return found;
}

function isUnpicked({ person, text }: PersonField): boolean {
  return person === null && text.trim() !== '';
}

export interface PersonPickerProps {
  label: string;
  value: PersonField;
  onChange(value: PersonField): void;
  hint?: string;
  error?: string | null;
}

/**
 * An optional person (a manager, a buddy) chosen among the active users: a combobox that searches
 * as the typing pauses and lists the matches below it (the ARIA combobox pattern: arrows move,
 * Enter picks, Escape closes). Typing after a pick clears the pick until another is chosen; the
 * form's value keeps the typed text, so a form can refuse to save text that names no one.
 */
export function PersonPicker({ label, value, onChange, hint = ADMIN_TEXT.personHint, error }: PersonPickerProps) {
  const listId = useId();
  const { person: picked, text } = value;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDebouncedValue(text.trim());
  const users = useAdminUsers({ search: search || null, roleId: null, status: 'active', sort: 'name', order: 'asc', page: 1, limit: SUGGESTIONS }, { skip: !open });
  // The last answer stays while the next search runs, so the list does not flicker per keystroke.
  const options: Person[] = open ? ((users.data ?? users.previousData)?.adminUsers.data ?? []) : [];
  // The list answers what is typed now: until then it may be an earlier search's, shown but not picked by Enter.
  const current = users.data !== undefined && !users.loading && search === text.trim();
  const expanded = options.length > 0;
  const input = useRef<HTMLInputElement>(null);
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (person: Person) => {
    onChange(personField({ id: person.id, name: person.name }));
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Picks the person instead of submitting the form; from an earlier search's list, nobody (press again once it is in).
      event.preventDefault();
      const person = options[active];
      if (person && current) pick(person);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  // The form shows its errors as of the last save; this one goes as soon as the field names someone or no one.
  const shownError = error === ADMIN_TEXT.personUnpicked && !isUnpicked(value) ? null : error;
  const status = !open ? '' : users.error ? failureMessage(users.error, ADMIN_TEXT.personSearchFailed) : users.loading && !expanded ? ADMIN_TEXT.personSearching : !users.loading && users.data && !expanded ? ADMIN_TEXT.personNoMatch : '';

  return (
    <div className="adm-picker">
      <FormField label={label} hint={hint} error={shownError}>
        {(p) => (
          <span className="adm-picker__control">
            <input
              {...p}
              ref={input}
              type="text"
              role="combobox"
              autoComplete="off"
              placeholder={ADMIN_TEXT.personPlaceholder}
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? listId : undefined}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              value={text}
              onChange={(e) => {
                onChange({ person: null, text: e.target.value });
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {picked ? (
              <Button
                size="sm"
                variant="ghost"
                className="adm-icon-button"
                aria-label={ADMIN_TEXT.personClear(label)}
                title={ADMIN_TEXT.personClear(label)}
                onClick={() => {
                  onChange(personField(null));
                  // The button goes with the pick: the keyboard stays in the field.
                  input.current?.focus();
                }}
              >
                <Icon name="close" size={16} />
              </Button>
            ) : null}
          </span>
        )}
      </FormField>
      {/* Rendered only with options: an empty listbox is not allowed. In the flow, so no dialog clips it. */}
      {expanded ? (
        <ul id={listId} role="listbox" aria-label={label} className="adm-picker__list">
          {options.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="adm-picker__option"
              // Keeps the focus in the input, so its blur does not close the list before the click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(person)}
            >
              <span>{person.name}</span>
              <span className="adm-cell-sub">{person.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="adm-picker__status adm-muted" role="status">
        {status}
      </p>
    </div>
  );
}

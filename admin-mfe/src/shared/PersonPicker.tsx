import { useId, useState, type KeyboardEvent } from 'react';
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

export interface PersonPickerProps {
  label: string;
  value: PickedPerson | null;
  onChange(person: Person | null): void;
  hint?: string;
  error?: string | null;
}

/**
 * An optional person (a manager, a buddy) chosen among the active users: a combobox that searches
 * as the typing pauses and lists the matches below it (the ARIA combobox pattern: arrows move,
 * Enter picks, Escape closes). Typing after a pick clears the pick until another is chosen.
 */
export function PersonPicker({ label, value, onChange, hint = ADMIN_TEXT.personHint, error }: PersonPickerProps) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDebouncedValue(text.trim());
  const users = useAdminUsers({ search: search || null, roleId: null, status: 'active', sort: 'name', order: 'asc', page: 1, limit: SUGGESTIONS }, { skip: !open });
  // The last answer stays while the next search runs, so the list does not flicker per keystroke.
  const options: Person[] = open ? ((users.data ?? users.previousData)?.adminUsers.data ?? []) : [];
  const expanded = options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (person: Person) => {
    onChange({ id: person.id, name: person.name, email: person.email });
    setText(person.name);
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
      // Picks the person instead of submitting the form.
      event.preventDefault();
      const person = options[active];
      if (person) pick(person);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !open ? '' : users.error ? failureMessage(users.error, ADMIN_TEXT.personSearchFailed) : users.loading && !expanded ? ADMIN_TEXT.personSearching : !users.loading && users.data && !expanded ? ADMIN_TEXT.personNoMatch : '';

  return (
    <div className="adm-picker">
      <FormField label={label} hint={hint} error={error}>
        {(p) => (
          <span className="adm-picker__control">
            <input
              {...p}
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
                setText(e.target.value);
                setOpen(true);
                setActive(-1);
                if (value) onChange(null);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {value ? (
              <Button
                size="sm"
                variant="ghost"
                className="adm-icon-button"
                aria-label={ADMIN_TEXT.personClear(label)}
                title={ADMIN_TEXT.personClear(label)}
                onClick={() => {
                  onChange(null);
                  setText('');
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

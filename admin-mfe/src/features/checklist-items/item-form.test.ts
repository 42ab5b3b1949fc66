import { isOwnerType, moveIds, OWNER_TYPES, validateItemForm, type ItemFormValues } from './item-form';
import { ownerSummary, rolesSummary } from './ChecklistItemsPage';

const valid: ItemFormValues = { title: 'Badge photo', description: '', type: 'form', priority: 'medium', dueDays: '0', roleId: '', ownerType: 'new_hire', ownerRoleId: '' };

describe('checklist item form rules (the server\'s, checked first)', () => {
  it('accepts the boundaries: a 200-character title, due days -30 (preboarding), 0 and 365', () => {
    expect(validateItemForm({ ...valid, title: 't'.repeat(200), dueDays: '365' })).toEqual({});
    expect(validateItemForm({ ...valid, dueDays: '-30' })).toEqual({});
    expect(validateItemForm({ ...valid, dueDays: ' -1 ' })).toEqual({});
    expect(validateItemForm(valid)).toEqual({});
  });

  it('refuses an empty or 201-character title, no type, due days outside -30 to 365 or not whole, a description over 5,000', () => {
    expect(validateItemForm({ ...valid, title: '  ', type: '', dueDays: '366', description: 'd'.repeat(5001) })).toEqual({
      title: 'Title is required',
      type: 'Type is required',
      dueDays: 'Due days must be a whole number from -30 to 365',
      description: 'Description must be at most 5,000 characters',
    });
    expect(validateItemForm({ ...valid, title: 't'.repeat(201) }).title).toBe('Title must be at most 200 characters');
    for (const dueDays of ['-31', '1.5', '', 'two', '--1', '1-']) expect(validateItemForm({ ...valid, dueDays }).dueDays).toBe('Due days must be a whole number from -30 to 365');
  });

  it('a team-owned item needs its team; the other owners need none', () => {
    expect(validateItemForm({ ...valid, ownerType: 'role' })).toEqual({ ownerRoleId: 'Choose the team that owns this task' });
    expect(validateItemForm({ ...valid, ownerType: 'role', ownerRoleId: '5' })).toEqual({});
    for (const ownerType of ['new_hire', 'manager', 'buddy'] as const) expect(validateItemForm({ ...valid, ownerType })).toEqual({});
  });

  it('knows the four owners, in the order the dialog offers them', () => {
    expect(OWNER_TYPES).toEqual(['new_hire', 'manager', 'buddy', 'role']);
    expect(isOwnerType('buddy')).toBe(true);
    expect(isOwnerType('hr')).toBe(false);
  });
});

describe('moveIds: the order to send when an item moves one place', () => {
  it('up: the item, then the one it passes; down: the one it passes, then the item', () => {
    expect(moveIds([1, 2, 3], 2, 'up')).toEqual([3, 2]);
    expect(moveIds([1, 2, 3], 0, 'down')).toEqual([2, 1]);
  });

  it('nothing past either end', () => {
    expect(moveIds([1, 2, 3], 0, 'up')).toBeNull();
    expect(moveIds([1, 2, 3], 2, 'down')).toBeNull();
  });
});

describe('ownerSummary', () => {
  const roleName = (id: number) => (id === 7 ? 'IT' : `#${id}`);
  it('names who does the item, the team by its role', () => {
    expect(ownerSummary({ owner_type: 'new_hire', owner_role_id: null }, roleName)).toBe('The new hire');
    expect(ownerSummary({ owner_type: 'manager', owner_role_id: null }, roleName)).toBe("The hire's manager");
    expect(ownerSummary({ owner_type: 'buddy', owner_role_id: null }, roleName)).toBe("The hire's buddy");
    expect(ownerSummary({ owner_type: 'role', owner_role_id: 7 }, roleName)).toBe('The IT team');
  });
});

describe('rolesSummary', () => {
  it('names up to two roles, then counts the rest', () => {
    expect(rolesSummary([])).toBe('—');
    expect(rolesSummary(['Employee'])).toBe('Employee');
    expect(rolesSummary(['Employee', 'Manager'])).toBe('Employee, Manager');
    expect(rolesSummary(['Employee', 'Manager', 'Contractor', 'Sales'])).toBe('Employee, Manager +2 more');
  });
});

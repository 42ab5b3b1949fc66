import { moveIds, validateItemForm, type ItemFormValues } from './item-form';
import { rolesSummary } from './ChecklistItemsPage';

const valid: ItemFormValues = { title: 'Badge photo', description: '', type: 'form', priority: 'medium', dueDays: '0', roleId: '' };

describe('checklist item form rules (the server\'s, checked first)', () => {
  it('accepts the boundaries: a 200-character title, due days 0 and 365', () => {
    expect(validateItemForm({ ...valid, title: 't'.repeat(200), dueDays: '365' })).toEqual({});
    expect(validateItemForm(valid)).toEqual({});
  });

  it('refuses an empty or 201-character title, no type, due days outside 0-365 or not whole, a description over 5,000', () => {
    expect(validateItemForm({ ...valid, title: '  ', type: '', dueDays: '366', description: 'd'.repeat(5001) })).toEqual({
      title: 'Title is required',
      type: 'Type is required',
      dueDays: 'Due days must be a whole number from 0 to 365',
      description: 'Description must be at most 5,000 characters',
    });
    expect(validateItemForm({ ...valid, title: 't'.repeat(201) }).title).toBe('Title must be at most 200 characters');
    for (const dueDays of ['-1', '1.5', '', 'two']) expect(validateItemForm({ ...valid, dueDays }).dueDays).toBeDefined();
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

describe('rolesSummary', () => {
  it('names up to two roles, then counts the rest', () => {
    expect(rolesSummary([])).toBe('—');
    expect(rolesSummary(['Employee'])).toBe('Employee');
    expect(rolesSummary(['Employee', 'Manager'])).toBe('Employee, Manager');
    expect(rolesSummary(['Employee', 'Manager', 'Contractor', 'Sales'])).toBe('Employee, Manager +2 more');
  });
});

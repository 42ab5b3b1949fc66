import { FALLBACK_ROLES, parseRoles, registrationRoles } from './registration-roles';

describe('registration roles', () => {
  it('hides the role named SysAdmin', () => {
    const roles = [
      { id: 1, name: 'Employee' },
      { id: 4, name: 'SysAdmin' },
      { id: 2, name: 'Manager' },
    ];
    expect(registrationRoles(roles).map((r) => r.name)).toEqual(['Employee', 'Manager']);
  });

  it('keeps the fixed fallback list exactly', () => {
    expect(FALLBACK_ROLES.map((r) => [r.id, r.name])).toEqual([
      [1, 'Administrator'],
      [2, 'Manager'],
      [3, 'Employee'],
      [4, 'Contractor'],
    ]);
  });

  it('accepts only an array of roles', () => {
    expect(parseRoles([{ id: 1, name: 'A', description: null }])).toEqual([{ id: 1, name: 'A', description: null }]);
    expect(parseRoles({ roles: [] })).toBeNull();
    expect(parseRoles([{ id: '1', name: 'A' }])).toBeNull();
  });
});

import { decideRoute, type AccessSession, type RouteDecision } from './route-access';

const anonymous: AccessSession = { status: 'anonymous', isAdmin: false };
const employee: AccessSession = { status: 'authenticated', isAdmin: false };
const admin: AccessSession = { status: 'authenticated', isAdmin: true };

/** 'render', 'not-found', 'wait' or the redirect target. */
function outcome(path: string, session: AccessSession): string {
  const decision: RouteDecision = decideRoute(path, session);
  return decision.kind === 'redirect' ? `→ ${decision.to}` : decision.kind;
}

// The guards and navigation behaviour: path × visitor → outcome.
const TABLE: Array<[path: string, anonymous: string, employee: string, admin: string]> = [
  ['/', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/login', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/register', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/accept-invite', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/forgot-password', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/reset-password', 'render', '→ /app/dashboard', '→ /app/admin'],
  ['/app', '→ /login', '→ /app/dashboard', '→ /app/admin'],
  ['/app/', '→ /login', '→ /app/dashboard', '→ /app/admin'],
  ['/app/dashboard', '→ /login', 'render', '→ /app/admin'],
  ['/app/checklist', '→ /login', 'render', 'render'],
  ['/app/checklist/17', '→ /login', 'render', 'render'],
  ['/app/sections', '→ /login', 'render', '→ /app/admin'],
  ['/app/journal', '→ /login', 'render', '→ /app/admin'],
  ['/app/journal/new', '→ /login', 'render', '→ /app/admin'],
  ['/app/journal/5', '→ /login', 'render', '→ /app/admin'],
  ['/app/documents', '→ /login', 'render', '→ /app/admin'],
  ['/app/policies', '→ /login', 'render', '→ /app/admin'],
  ['/app/profile', '→ /login', 'render', 'render'],
  ['/app/admin', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/roles', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/checklist-items', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/users', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/role-checklists', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/user-roles', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/document-checklist', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/settings', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/documents', '→ /login', '→ /app/dashboard', 'render'],
  ['/app/admin/', '→ /login', '→ /app/dashboard', 'render'],
  // Any other path: the not-found page, for everyone.
  ['/no/such/page', 'not-found', 'not-found', 'not-found'],
  ['/app/unknown', 'not-found', 'not-found', 'not-found'],
  ['/app/checklist/1/edit', 'not-found', 'not-found', 'not-found'],
  ['/app/admin/unknown', 'not-found', 'not-found', 'not-found'],
  ['/application', 'not-found', 'not-found', 'not-found'],
  ['/LOGIN', 'not-found', 'not-found', 'not-found'],
];

describe('decideRoute: path × visitor', () => {
  it.each(TABLE)('%s → anonymous %s, employee %s, admin %s', (path, forAnonymous, forEmployee, forAdmin) => {
    expect([outcome(path, anonymous), outcome(path, employee), outcome(path, admin)]).toEqual([forAnonymous, forEmployee, forAdmin]);
  });

  it('decides nothing while the stored session is still being checked (auth state first)', () => {
    const checking: AccessSession = { status: 'uninitialised', isAdmin: false };
    for (const [path] of TABLE.filter(([, a]) => a !== 'not-found')) expect(outcome(path, checking)).toBe('wait');
  });

  it('answers unknown paths at once, even before the session is known', () => {
    expect(outcome('/nowhere', { status: 'uninitialised', isAdmin: false })).toBe('not-found');
  });

  it('never redirects a path to itself', () => {
    for (const [path] of TABLE) {
      for (const session of [anonymous, employee, admin]) {
        const decision = decideRoute(path, session);
        if (decision.kind === 'redirect') expect(decideRoute(decision.to, session).kind).toBe('render');
      }
    }
  });
});

import { buildTestApp, type TestApp } from '../../../../test/app';
import { AuditService } from '../audit.service';

// What a person typed reaches the details (a role's name, a rejected email): a character jsonb cannot
// hold must not turn the audited action into a server error.
describe('audit details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const details = (action: string) =>
    t.dataSource.query<Array<{ details: Record<string, unknown> }>>('select details from audit_log where action = $1', [action]);

  it('writes NUL-free, surrogate-safe text at any depth, and still drops secret keys', async () => {
    const action = `test.audit_details_${process.pid}_${Date.now()}`;
    await new AuditService(t.dataSource).record({
      actorUserId: null,
      action: action as never, // a test-only action name, so the row is this test's alone
      ip: '127.0.0.1',
      details: { name: 'a\u0000b', nested: { list: ['\uD800x', 'ok'], 'k\u0000ey': 1 }, password: 'hunter2' },
    });
    expect(await details(action)).toEqual([{ details: { name: 'ab', nested: { list: ['\uFFFDx', 'ok'], key: 1 } } }]);
  });

  it('writes the same way in a bulk record', async () => {
    const action = `test.audit_details_bulk_${process.pid}_${Date.now()}`;
    await new AuditService(t.dataSource).recordMany([
      { actorUserId: null, action: action as never, ip: null, details: { email: 'x\u0000@example.com', token: 'abc' } },
    ]);
    expect(await details(action)).toEqual([{ details: { email: 'x@example.com' } }]);
  });
});

import { describeChange } from './describe-change';

const roleName = (id: number) => ({ 1: 'Employee', 2: 'Manager' })[id] ?? `#${id}`;
const say = (action: string, details: Record<string, unknown>, target: string | null = '7') => describeChange({ action, target_id: target, details }, roleName);

describe('describeChange: an audited change in words', () => {
  it('names what changed from the before/after images', () => {
    expect(say('role.create', { after: { name: 'Designer' } })).toBe('created the role “Designer”');
    expect(say('role.delete', { before: { name: 'Designer' } })).toBe('deleted the role “Designer”');
    expect(say('user.update', { before: { name: 'Ana' }, after: { name: 'Ana Lopez' } })).toBe('updated Ana Lopez');
    expect(say('user.deactivate', { before: { name: 'Ana' }, after: { name: 'Ana' } })).toBe('deactivated Ana');
    expect(say('user.role_assign', { before: { role_id: 1 }, after: { role_id: 2 } }, '12')).toBe('moved user #12 to Manager');
    expect(say('checklist_item.update', { after: { title: 'Badge photo' } })).toBe('updated the checklist item “Badge photo”');
    expect(say('checklist_item.reorder', { ids: [3, 2] }, null)).toBe('reordered 2 checklist items');
    expect(say('role.checklist_items_add', { added: [1, 2, 3] }, '1')).toBe('added 3 checklist items to Employee');
    expect(say('role.checklist_items_remove', { removed: [4] }, '2')).toBe('removed 1 checklist item from Manager');
    expect(say('document.create', { after: { title: 'Handbook' } })).toBe('added the document “Handbook”');
    expect(say('user.2fa_reset', { before: { two_factor_enabled: true } })).toBe('reset two-factor authentication of user #7');
  });

  it('words invitations, reset links and the registration setting', () => {
    expect(say('invitation.create', { email: 'casey@example.com', role_id: 1 })).toBe('invited casey@example.com');
    expect(say('invitation.resend', { email: 'casey@example.com' })).toBe('sent a new invitation link to casey@example.com');
    expect(say('invitation.revoke', {})).toBe('revoked the invitation of invitation #7');
    expect(say('invitation.import', { created: 3 }, null)).toBe('imported 3 invitations');
    expect(say('invitation.accept', { user_id: 9 })).toBe('accepted an invitation');
    expect(say('user.password_reset_sent', {}, '12')).toBe('sent a password reset link to user #12');
    expect(say('settings.registration_update', { before: { mode: 'open' }, after: { mode: 'invite' } }, 'registration')).toBe('changed who may register');
    expect(say('settings.calendar_update', { before: { time_zone: 'UTC' }, after: { time_zone: 'Europe/Berlin' } }, 'calendar')).toBe('changed the company calendar');
    expect(say('settings.reminders_update', { before: { escalation_days: 3 }, after: { escalation_days: 5 } }, 'reminders')).toBe('changed the reminder settings');
  });

  it('says when a role change started the new checklist from today', () => {
    expect(say('user.role_assign', { before: { role_id: 1 }, after: { role_id: 2 }, reonboard: true }, '12')).toBe("moved user #12 to Manager, starting the new role's checklist from today");
    expect(say('user.update', { before: { name: 'Ana' }, after: { name: 'Ana' }, reonboard: true })).toBe("updated Ana, starting the new role's checklist from today");
    expect(say('user.role_assign', { before: { role_id: 1 }, after: { role_id: 2 }, reonboard: false }, '12')).toBe('moved user #12 to Manager');
  });

  it('falls back to ids, and to the action name for anything new', () => {
    expect(say('role.update', {})).toBe('updated the role “role #7”');
    expect(say('checklist_item.delete', { before: 'not an object' })).toBe('deleted the checklist item “#7”');
    expect(say('something.new', {})).toBe('did something.new');
  });
});

import { AUDIT_CHANGE_TEXT as T } from '@embark/shared-ui/page-text/admin';

/** An audited change as the index lists it. */
export interface ChangeEntry {
  action: string;
  target_id: string | null;
  details: { [key: string]: unknown };
}

type Named = { name?: unknown; title?: unknown; role_ids?: unknown; role_id?: unknown };

function number(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function image(details: ChangeEntry['details'], key: 'before' | 'after'): Named {
  const value = details[key];
  return value !== null && typeof value === 'object' ? (value as Named) : {};
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/**
 * What an audited change did, in words, from its action and before/after images: "updated the
 * role “Manager”", "moved user #12 to Contractor". `roleName` turns role ids into names. A role
 * change that started the new checklist from today says so (docs/product.md#due-dates).
 */
export function describeChange(entry: ChangeEntry, roleName: (id: number) => string): string {
  const said = describeAction(entry, roleName);
  return entry.details.reonboard === true ? T.reonboarded(said) : said;
}

function describeAction(entry: ChangeEntry, roleName: (id: number) => string): string {
  const before = image(entry.details, 'before');
  const after = image(entry.details, 'after');
  const target = entry.target_id ?? '?';
  const role = (id: unknown) => (typeof id === 'number' ? roleName(id) : T.roleNumber(target));
  switch (entry.action) {
    case 'role.create':
      return T.roleCreated(text(after.name, T.roleNumber(target)));
    case 'role.update':
      return T.roleUpdated(text(after.name, T.roleNumber(target)));
    case 'role.delete':
      return T.roleDeleted(text(before.name, T.roleNumber(target)));
    case 'role.checklist_items_add':
      return T.roleItemsAdded(count(entry.details.added), role(Number(target)));
    case 'role.checklist_items_remove':
      return T.roleItemsRemoved(count(entry.details.removed), role(Number(target)));
    case 'user.update':
      return T.userUpdated(text(after.name, T.userNumber(target)));
    case 'user.deactivate':
      return T.userDeactivated(text(before.name, T.userNumber(target)));
    case 'user.reactivate':
      return T.userReactivated(text(after.name, T.userNumber(target)));
    case 'user.2fa_reset':
      return T.userTwoFactorReset(T.userNumber(target));
    case 'user.password_reset_sent':
      return T.userPasswordResetSent(T.userNumber(target));
    case 'invitation.create':
      return T.invitationCreated(text(entry.details.email, T.invitationNumber(target)));
    case 'invitation.resend':
      return T.invitationResent(text(entry.details.email, T.invitationNumber(target)));
    case 'invitation.revoke':
      return T.invitationRevoked(text(entry.details.email, T.invitationNumber(target)));
    case 'invitation.import':
      return T.invitationsImported(number(entry.details.created));
    case 'invitation.accept':
      return T.invitationAccepted;
    case 'settings.registration_update':
      return T.registrationUpdated;
    case 'settings.calendar_update':
      return T.calendarUpdated;
    case 'settings.reminders_update':
      return T.remindersUpdated;
    case 'user.role_assign':
      return T.userRoleAssigned(T.userNumber(target), role(after.role_id));
    case 'checklist_item.create':
      return T.itemCreated(text(after.title, `#${target}`));
    case 'checklist_item.update':
      return T.itemUpdated(text(after.title, `#${target}`));
    case 'checklist_item.delete':
      return T.itemDeleted(text(before.title, `#${target}`));
    case 'checklist_item.reorder':
      return T.itemsReordered(count(entry.details.ids));
    case 'document.create':
      return T.documentCreated(text(after.title, `#${target}`));
    case 'document.update':
      return T.documentUpdated(text(after.title, `#${target}`));
    case 'document.delete':
      return T.documentDeleted(text(before.title, `#${target}`));
    case 'document.roles_update':
      return T.documentRoles(target);
    case 'document.item_link':
      return T.documentLinked(target);
    case 'document.item_unlink':
      return T.documentUnlinked(target);
    case 'progress.update':
      return T.progressUpdated(T.userNumber(target));
    case 'auth.register':
      return T.registered;
    case '2fa.enable':
      return T.twoFactorEnabled;
    case '2fa.disable':
      return T.twoFactorDisabled;
    case '2fa.setup':
      return T.twoFactorSetup;
    case '2fa.backup_codes_regenerated':
      return T.backupCodes;
    default:
      return T.other(entry.action);
  }
}

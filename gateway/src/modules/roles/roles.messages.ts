/** The words of role management, exactly as clients show them (docs/product.md#messages). */
export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: 'Description must be less than 1000 characters',
  duplicateName: 'A role with this name already exists',
  inUse: 'Cannot delete a role that is assigned to users',
  referenced: 'Cannot delete a role that is still in use',
  ownsTasks: 'Cannot delete a role that owns checklist tasks: give those tasks another owner first',
  openInvitations: 'Cannot delete a role that open invitations use: revoke them first',
  adminRoleDelete: 'The administrator role cannot be deleted',
  adminRoleRename: 'The administrator role cannot be renamed',
  invalidId: 'Invalid role id',
  notFound: 'Role not found',
} as const;

/** Column limits of a role. */
export const ROLE_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
} as const;

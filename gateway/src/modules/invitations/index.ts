/*
 * The invitations module's public face: invitations of new hires, their CSV
 * import and their acceptance. Code outside the module imports from here only
 * (docs/architecture.md#modules).
 */
export { CSV_COLUMNS, INVITATION_LIMITS, INVITATION_MESSAGES, INVITATION_STATUSES, type InvitationStatus } from './invitations.messages';
export { InvitationsResolver } from './invitations.resolver';
export { invitationsRouter } from './invitations.routes';
export { EMAIL_CLAIM_LOCK, InvitationsService, openInvitationsWithRole, pendingInvitationFor, type InvitationsConfig } from './invitations.service';
export { InvitationImportErrorType, InvitationImportResultType, InvitationImportRoleType, InvitationInputType, InvitationPageType, InvitationPreviewType, InvitationType } from './invitations.types';

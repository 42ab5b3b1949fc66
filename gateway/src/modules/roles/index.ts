/*
 * The roles module's public face. Code outside the module imports from here
 * only (docs/architecture.md#modules).
 */
export { Role } from './role.entity';
export { ROLE_LIMITS, ROLE_MESSAGES } from './roles.messages';
export { RoleId, RoleJson } from './roles.schemas';
export { RolesResolver } from './roles.resolver';
export { rolesRouter } from './roles.routes';
export { RolesService, type RoleHolders } from './roles.service';

/** The users module's public surface: other modules import only this file. */
export { UsersService, type ActiveUserRef, type CompletionReader, type NewUser, type PeopleChange, type PeopleProblem } from './users.service';
export { UserAdminService, type ChecklistChangeNotice, type NewItemsAnchor, type InvitationClaims, type RoleChangeEffects, type RoleLookup, type SessionEnder, type TwoFactorReset } from './user-admin.service';
export { TeamService, type CompanyToday, type TaskRules } from './team.service';
export { User } from './user.entity';
export {
  AdminSortOrderEnum,
  AdminUserPageType,
  AdminUserSortEnum,
  AdminUsersFilter,
  AdminUserStatusEnum,
  AdminUserType,
  AdminUserUpdateInput,
  RoleAssignmentType,
  TeamMemberType,
  UserType,
} from './user.type';
export { newHireSql, userListOrderSql, userListWhereSql, type UserListFilter } from './users.sql';
export { USER_ADMIN_MESSAGES, USER_LIMITS, USER_MESSAGES, USER_SORTS, USER_STATUSES, type UserSort, type UserStatusFilter } from './users.messages';
export { EmailField, NameField, RoleAssignment, StartDateField, UserId, UserListQuery, UserUpdate } from './users.schemas';
export { UsersResolver } from './users.resolver';
export { usersRouter } from './users.routes';

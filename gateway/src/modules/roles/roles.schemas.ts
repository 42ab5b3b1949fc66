import { idSchema, objectSchema, requiredTextSchema, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { Role } from './role.entity';
import { ROLE_LIMITS, ROLE_MESSAGES as M } from './roles.messages';

/** A role id from a path (text) or a GraphQL Int. */
export const RoleId = idSchema(M.invalidId);

const name = requiredTextSchema(ROLE_LIMITS.nameMax, { required: M.nameRequired, tooLong: M.nameTooLong });

/** Text, NUL dropped and trimmed, at most 1000 characters; blank means none (null). */
const description = z
  .string({ error: M.descriptionInvalid })
  .overwrite(withoutNul)
  .trim()
  .max(ROLE_LIMITS.descriptionMax, { error: M.descriptionTooLong })
  .transform((text) => (text === '' ? null : text))
  .nullable();

/** A new role: a description left out is none. */
export const CreateRoleInput = z.object({ name, description: description.default(null) }).openapi('CreateRoleInput');
export type CreateRoleInput = z.output<typeof CreateRoleInput>;

/** PUT semantics for the name (required); a description left out keeps its value, null clears it. */
export const UpdateRoleInput = z.object({ name, description: description.optional() }).openapi('UpdateRoleInput');
export type UpdateRoleInput = z.output<typeof UpdateRoleInput>;

/** A role as REST answers it: the fields of the Role type, nothing else of the row (timestamps stay inside). */
// Typed as the fields the Role class declares (objectSchema builds the shape from its metadata at run time).
export const RoleJson = objectSchema(Role) as unknown as z.ZodType<Pick<Role, 'id' | 'name' | 'description'>>;

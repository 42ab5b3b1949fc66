import { Role } from '../modules/roles';
import { User } from '../modules/users';

/**
 * Every TypeORM entity, listed explicitly for the same reason as the migrations.
 * The other tables have none: their services work in single atomic statements
 * (raw SQL), never through a repository, and their shapes are the modules'
 * GraphQL types.
 */
export const entities = [Role, User];

import { Role } from '../modules/roles/role.entity';

/** Every TypeORM entity, listed explicitly for the same reason as the migrations. */
export const entities = [Role];

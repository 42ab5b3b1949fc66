import type { DataSource, Repository } from 'typeorm';
import type { Actor } from '../../shared/actor';
import { Role } from './role.entity';

/** The public shape of a role, identical through REST and GraphQL. */
export interface RoleView {
  id: number;
  name: string;
  description: string | null;
}

/**
 * Role operations. The only code that touches the roles repository; every
 * method takes the actor so permission rules live here (create/update/delete,
 * admin only, arrive with the admin issue).
 */
export class RolesService {
  private readonly repo: Repository<Role>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(Role);
  }

  /** Public: the registration form needs the list before anyone signs in. */
  async list(_actor: Actor): Promise<Role[]> {
    return this.repo.find({ order: { id: 'ASC' } });
  }
}

export function toRoleView(role: Role): RoleView {
  return { id: role.id, name: role.name, description: role.description };
}

import type { DataSource } from 'typeorm';
import { RolesService } from './modules/roles/roles.service';

/** The service layer, built once per app over one data source. Both doors use it. */
export interface Services {
  roles: RolesService;
}

export function createServices(dataSource: DataSource): Services {
  return { roles: new RolesService(dataSource) };
}

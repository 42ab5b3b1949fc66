import { ChecklistItem, RoleChecklistItem } from '../modules/checklist/checklist-item.entity';
import { UserProgress } from '../modules/progress/user-progress.entity';
import { Role } from '../modules/roles/role.entity';
import { User } from '../modules/users/user.entity';

/**
 * Every TypeORM entity, listed explicitly for the same reason as the migrations.
 * backup_codes, login_challenges, rate_limits and audit_log have none: their
 * services work in single atomic statements (raw SQL), never through a repository.
 */
export const entities = [Role, User, ChecklistItem, RoleChecklistItem, UserProgress];

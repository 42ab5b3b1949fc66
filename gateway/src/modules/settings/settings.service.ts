import type { DataSource, EntityManager } from 'typeorm';
import { requireAdmin, type Actor, type RequestMeta } from '../../shared/actor';
import { queryRows } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import { SETTINGS_MESSAGES as M, type RegistrationMode } from './settings.messages';
import { normalizeDomain, RegistrationSettingsInput } from './settings.schemas';
import type { RegistrationSettings } from './settings.types';

/**
 * The company settings (docs/product.md#registration): the only reader and
 * writer of company_settings, a single row the migration creates. Reading is
 * public (the register screen shows the policy up front); changing is for
 * administrators, audited with the before and after in one transaction.
 */
export class SettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** GET /settings/registration, `registrationSettings`: anyone may read it (registration applies it with refusalOf). */
  registration(_actor: Actor): Promise<RegistrationSettings> {
    return this.read(this.dataSource.manager);
  }

  /** PUT /admin/settings/registration, `updateRegistrationSettings`. */
  async updateRegistration(actor: Actor, input: unknown, meta: RequestMeta): Promise<RegistrationSettings> {
    const admin = requireAdmin(actor);
    const { mode, domains } = parseInput(RegistrationSettingsInput, input);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.read(manager, true);
      const [after] = await queryRows<RegistrationSettings>(
        manager,
        `update company_settings set registration_mode = $1, registration_domains = $2::text[], updated_at = now()
          returning registration_mode as mode, registration_domains as domains`,
        [mode, domains],
      );
      if (!after) throw new Error('company_settings has no row: the migration creates it');
      await this.audit.record(
        { action: 'settings.registration_update', actorUserId: admin.userId, targetType: 'settings', targetId: 'registration', ip: meta.ip, details: { before, after } },
        manager,
      );
      return after;
    });
  }

  private async read(manager: EntityManager, forUpdate = false): Promise<RegistrationSettings> {
    const [row] = await queryRows<RegistrationSettings>(
      manager,
      `select registration_mode as mode, registration_domains as domains from company_settings${forUpdate ? ' for update' : ''}`,
    );
    if (!row) throw new Error('company_settings has no row: the migration creates it');
    return row;
  }
}

/**
 * The registration rule itself: 'invite' refuses everyone; 'domains' allows
 * an address whose domain is exactly one of the list (a subdomain is another
 * domain: mail.example.com is not example.com).
 */
export function refusalOf(mode: RegistrationMode, domains: readonly string[], email: string): string | null {
  if (mode === 'open') return null;
  if (mode === 'invite') return M.registrationInviteOnly;
  const at = email.lastIndexOf('@');
  const domain = at < 0 ? null : normalizeDomain(email.slice(at + 1));
  return domain !== null && domains.includes(domain) ? null : M.registrationDomainsOnly;
}

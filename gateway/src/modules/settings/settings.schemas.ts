import { domainToASCII } from 'node:url';
import { choiceSchema, charLength, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { REGISTRATION_MODES, SETTINGS_LIMITS, SETTINGS_MESSAGES as M } from './settings.messages';

/*
 * The inputs of the company settings, parsed by SettingsService (both doors)
 * and published in the REST contract.
 */

// Labels of letters, digits and inner hyphens (punycode included), two at least; the last is not all digits (no IP addresses).
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_PATTERN = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+(?!\\d+$)${LABEL}$`);

/**
 * A company domain as an admin types it ("Example.COM", "@example.com",
 * "bücher.de"): trimmed, without a leading "@", lower-cased ASCII (IDNs in
 * punycode, as an address's domain is compared), or one problem naming it.
 */
export function normalizeDomain(raw: string): string | null {
  const typed = withoutNul(raw).trim().replace(/^@/, '').replace(/\.$/, '');
  if (typed === '' || charLength(typed) > SETTINGS_LIMITS.domainMax) return null;
  const ascii = domainToASCII(typed.toLowerCase());
  return DOMAIN_PATTERN.test(ascii) ? ascii : null;
}

const Domains = z
  .unknown()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw) || raw.some((d) => typeof d !== 'string')) return problem(ctx, M.domainsInvalid);
    if (raw.length > SETTINGS_LIMITS.domainsMax) return problem(ctx, M.domainsTooMany);
    const domains: string[] = [];
    for (const typed of raw as string[]) {
      const domain = normalizeDomain(typed);
      if (domain === null) return problem(ctx, M.domainInvalid(withoutNul(typed).trim().slice(0, 80)));
      if (!domains.includes(domain)) domains.push(domain);
    }
    return domains;
  })
  .openapi({ type: 'array', items: { type: 'string' }, maxItems: SETTINGS_LIMITS.domainsMax, description: 'Domain names such as example.com; stored lower-cased.' });

/** PUT /admin/settings/registration: the mode, and the company domains (required for 'domains'). */
export const RegistrationSettingsInput = z
  .object({
    mode: choiceSchema(REGISTRATION_MODES, M.modeInvalid),
    domains: Domains,
  })
  .superRefine((input, ctx) => {
    if (input.mode === 'domains' && input.domains.length === 0) ctx.addIssue({ code: 'custom', message: M.domainsRequired, path: ['domains'] });
  })
  .openapi('RegistrationSettingsInput');
export type RegistrationSettingsInput = z.output<typeof RegistrationSettingsInput>;

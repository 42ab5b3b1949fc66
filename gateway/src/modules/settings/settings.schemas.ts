import { domainToASCII } from 'node:url';
import { choiceSchema, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { REGISTRATION_MODES, SETTINGS_LIMITS, SETTINGS_MESSAGES as M } from './settings.messages';

/*
 * The inputs of the company settings, parsed by SettingsService (both doors)
 * and published in the REST contract.
 */

// A label: letters or digits (any script), inner hyphens, at most 63 characters.
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/**
 * A domain as an admin may type it ("Example.COM", "@example.com",
 * "bücher.de", "example.com."): two labels at least, the last not all digits
 * (no IP addresses), at most 253 characters. The REST contract publishes
 * this very pattern.
 */
const DOMAIN_INPUT = new RegExp(`^\\s*@?(?=[^\\s@]{1,253}\\s*$)(?:${LABEL}\\.)+(?!\\d+\\.?\\s*$)${LABEL}\\.?\\s*$`, 'u');

/**
 * A company domain in the form addresses are compared in: trimmed, without
 * "@" or a final dot, lower-cased ASCII (IDNs in punycode); null for anything
 * that is not a domain name.
 */
export function normalizeDomain(raw: string): string | null {
  if (!DOMAIN_INPUT.test(raw)) return null;
  const ascii = domainToASCII(raw.trim().replace(/^@/, '').replace(/\.$/, '').toLowerCase());
  return ascii !== '' && ascii.length <= SETTINGS_LIMITS.domainMax ? ascii : null;
}

const Domain = z
  .string({ error: M.domainsInvalid })
  .regex(DOMAIN_INPUT, { error: (issue) => M.domainInvalid(withoutNul(String(issue.input)).trim().slice(0, 80)) })
  .transform((typed, ctx) => normalizeDomain(typed) ?? problem(ctx, M.domainInvalid(typed.trim().slice(0, 80))))
  // The source alone: JSON Schema patterns are Unicode-aware without a flag.
  .openapi({ type: 'string', pattern: DOMAIN_INPUT.source });

/** The company domains, once each in the order given; left out or null: none. */
const Domains = z
  .preprocess(
    (raw) => (raw === null ? undefined : raw),
    z
      .array(Domain, { error: M.domainsInvalid })
      .max(SETTINGS_LIMITS.domainsMax, { error: M.domainsTooMany })
      .transform((domains) => [...new Set(domains)])
      .optional(),
  )
  .transform((domains) => domains ?? [])
  .openapi({ description: 'Domain names such as example.com; stored lower-cased. Required (one at least) when mode is domains.' });

/** PUT /admin/settings/registration: the mode, and the company domains (required for 'domains'). */
export const RegistrationSettingsInput = z
  .object({
    mode: choiceSchema(REGISTRATION_MODES, M.modeInvalid),
    domains: Domains,
  })
  .superRefine((input, ctx) => {
    if (input.mode === 'domains' && input.domains.length === 0) ctx.addIssue({ code: 'custom', message: M.domainsRequired, path: ['domains'] });
  })
  .openapi('RegistrationSettingsInput', {
    anyOf: [{ properties: { mode: { enum: ['open', 'invite'] } } }, { properties: { domains: { type: 'array', minItems: 1 } }, required: ['domains'] }],
  });
export type RegistrationSettingsInput = z.output<typeof RegistrationSettingsInput>;

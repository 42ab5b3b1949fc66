/*
 * The words and limits of the company settings (docs/product.md#registration),
 * exactly as clients show them.
 */

/** Who may create an account themselves: anyone, people with an email at a company domain, or nobody (invitations only). */
export const REGISTRATION_MODES = ['open', 'domains', 'invite'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const SETTINGS_MESSAGES = {
  // The refusals of a registration the policy does not allow (403), also shown up front on the register screen.
  registrationInviteOnly: 'Registration is by invitation only',
  registrationDomainsOnly: 'Registration is limited to company email addresses',
  modeInvalid: 'Registration mode must be open, domains or invite',
  domainsInvalid: 'Domains must be a list of domain names',
  domainInvalid: (domain: string) => `Not a domain name: ${domain}`,
  domainsRequired: 'Add at least one company domain',
  domainsTooMany: 'At most 100 company domains',
} as const;

export const SETTINGS_LIMITS = {
  domainsMax: 100,
  /** RFC 1035: 253 characters for a name, 63 for a label. */
  domainMax: 253,
} as const;

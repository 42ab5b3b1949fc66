import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** Who may register (docs/product.md#registration). */
export type RegistrationMode = keyof typeof ADMIN_TEXT.registrationModes;
export const REGISTRATION_MODES = Object.keys(ADMIN_TEXT.registrationModes) as RegistrationMode[];

export function isRegistrationMode(value: string): value is RegistrationMode {
  return (REGISTRATION_MODES as string[]).includes(value);
}

// A host name with at least one dot: labels of letters, digits and inner hyphens, at most 63 each.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_PATTERN = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+${LABEL}$`);

/**
 * A domain as typed ("@Example.com ", "bücher.de", "example.com.") as the gateway lists it
 * ("example.com", "xn--bcher-kva.de", "example.com"): a name in another script is written in its
 * ASCII form, as the browser's URL parser writes it.
 */
export function normaliseDomain(text: string): string {
  const typed = text.trim().replace(/^@+/, '').replace(/\.$/, '').toLowerCase();
  // Only a name with a character beyond printable ASCII needs converting.
  if (/^[ -~]*$/.test(typed)) return typed;
  try {
    return new URL(`http://${typed}`).hostname;
  } catch {
    return typed;
  }
}

/** Why `domain` (normalised) cannot join `listed`; undefined when it can. */
export function domainProblem(domain: string, listed: readonly string[]): string | undefined {
  if (!DOMAIN_PATTERN.test(domain) || /^\d+(\.\d+)*$/.test(domain)) return ADMIN_TEXT.domainInvalid;
  if (listed.includes(domain)) return ADMIN_TEXT.domainDuplicate(domain);
  return undefined;
}

/** The setting's problem before it is saved: listed domains only make sense with at least one. */
export function registrationProblem(mode: RegistrationMode, domains: readonly string[]): string | undefined {
  return mode === 'domains' && domains.length === 0 ? ADMIN_TEXT.domainsRequired : undefined;
}

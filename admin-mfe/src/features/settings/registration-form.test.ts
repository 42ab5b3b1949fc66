import { domainProblem, isRegistrationMode, normaliseDomain, REGISTRATION_MODES, registrationProblem } from './registration-form';

describe('registration settings form', () => {
  it('knows the three modes, in the order the page offers them', () => {
    expect(REGISTRATION_MODES).toEqual(['open', 'domains', 'invite']);
    expect(isRegistrationMode('invite')).toBe(true);
    expect(isRegistrationMode('everyone')).toBe(false);
  });

  it('lists a domain as people read it: no @, lower case, no spaces', () => {
    expect(normaliseDomain('  @Example.COM ')).toBe('example.com');
    expect(normaliseDomain('corp.example.org')).toBe('corp.example.org');
  });

  it('takes what the gateway takes: a name in another script (in its ASCII form) and a final dot', () => {
    expect(normaliseDomain('Bücher.de')).toBe('xn--bcher-kva.de');
    expect(domainProblem(normaliseDomain('Bücher.de'), [])).toBeUndefined();
    expect(normaliseDomain('example.com.')).toBe('example.com');
    expect(domainProblem(normaliseDomain('example.com.'), [])).toBeUndefined();
    // Listed once, however it was typed.
    expect(domainProblem(normaliseDomain('xn--bcher-kva.de'), [normaliseDomain('bücher.de')])).toBe('xn--bcher-kva.de is already listed');
  });

  it.each([['example'], ['exa mple.com'], ['-bad.com'], ['bad-.com'], ['a..b'], ['192.168.0.1'], ['user@example.com'], ['']])('refuses %p', (domain) => {
    expect(domainProblem(domain, [])).toBe('Enter a domain such as example.com');
  });

  it('takes real host names once', () => {
    expect(domainProblem('example.com', [])).toBeUndefined();
    expect(domainProblem('mail.xn--bcher-kva.example', [])).toBeUndefined();
    expect(domainProblem('example.com', ['example.com'])).toBe('example.com is already listed');
  });

  it('needs a domain only for the domains mode', () => {
    expect(registrationProblem('domains', [])).toBe('Add at least one domain, or choose another option');
    expect(registrationProblem('domains', ['example.com'])).toBeUndefined();
    expect(registrationProblem('invite', [])).toBeUndefined();
    expect(registrationProblem('open', [])).toBeUndefined();
  });
});

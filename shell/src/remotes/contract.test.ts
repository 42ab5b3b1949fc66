import { CONTRACT_MESSAGES, ContractError, contractMismatchOf, versionsMatch, type RemoteContract, type ShellContract } from './contract';
import { checkContract } from './contract-check';
import { RemoteLoadError } from './remote-loader';

const shell: ShellContract = {
  runtime: '2.9.2',
  provides: { '@embark/shared-ui': '1.2.0+aaaa', 'react-router': '1.0.0+bbbb' },
};
const names: Record<string, string[]> = { '@embark/shared-ui': ['Button', 'useAuth'], 'react-router': ['Link', 'Routes'] };
const provided = (key: string) => names[key];

function remote(overrides: Partial<RemoteContract['needs']> = {}, runtime = '2.9.2'): RemoteContract {
  const needs: RemoteContract['needs'] = {
    '@embark/shared-ui': { version: '1.2.0+aaaa', names: ['Button'] },
    'react-router': { version: '1.0.0+bbbb', names: ['Link'] },
  };
  for (const [key, need] of Object.entries(overrides)) if (need) needs[key] = need;
  return { runtime, needs };
}

describe('contract check', () => {
  it('serves a remote built against the same versions without looking at names', () => {
    expect(versionsMatch(remote(), shell)).toBe(true);
    expect(checkContract('employee_mfe', remote(), shell, () => [])).toBeNull();
  });

  it('serves a remote of another minor version whose names are all provided (the contract is additive)', () => {
    const needs = remote({ '@embark/shared-ui': { version: '1.1.0+cccc', names: ['Button', 'useAuth'] } });
    expect(versionsMatch(needs, shell)).toBe(false);
    expect(checkContract('employee_mfe', needs, shell, provided)).toBeNull();
  });

  it('refuses a remote that needs a name the shell lacks, as a newer remote', () => {
    const needs = remote({ '@embark/shared-ui': { version: '1.3.0+dddd', names: ['Button', 'Stepper'] } });
    const mismatch = checkContract('employee_mfe', needs, shell, provided);
    expect(mismatch?.skew).toBe('remote-newer');
    expect(mismatch?.problems).toEqual(['@embark/shared-ui: missing Stepper (needs 1.3.0+dddd, shell has 1.2.0+aaaa)']);
  });

  it('refuses a remote of an older major version as an older remote, and of a newer one as newer', () => {
    expect(checkContract('admin_mfe', remote({ 'react-router': { version: '0.9.0+eeee', names: ['Link'] } }), shell, provided)?.skew).toBe('shell-newer');
    expect(checkContract('admin_mfe', remote({ 'react-router': { version: '2.0.0+eeee', names: ['Link'] } }), shell, provided)?.skew).toBe('remote-newer');
  });

  it('refuses a part the shell does not provide at all', () => {
    const mismatch = checkContract('admin_mfe', remote({ recharts: { version: '1.0.0+ffff', names: ['LineChart'] } }), shell, provided);
    expect(mismatch?.problems).toEqual(['recharts: not provided by this shell']);
  });

  it('checks the federation runtime: same major, at least the minor the remote was built for', () => {
    expect(checkContract('employee_mfe', remote({}, '2.9.0'), shell, provided)).toBeNull();
    expect(checkContract('employee_mfe', remote({}, '2.10.0'), shell, provided)?.problems).toEqual(['federation runtime: needs 2.10.0, shell has 2.9.2']);
    expect(checkContract('employee_mfe', remote({}, '1.4.0'), shell, provided)?.skew).toBe('shell-newer');
    expect(checkContract('employee_mfe', remote({}, '3.0.0'), shell, provided)?.skew).toBe('remote-newer');
  });

  it('finds the mismatch behind the loader’s error and words each side of the skew', () => {
    const mismatch = checkContract('employee_mfe', remote({}, '3.0.0'), shell, provided);
    if (!mismatch) throw new Error('expected a mismatch');
    const wrapped = new RemoteLoadError('employee_mfe', 'Could not load employee_mfe/App', { cause: new ContractError(mismatch) });
    expect(contractMismatchOf(wrapped)).toBe(mismatch);
    expect(contractMismatchOf(new Error('network'))).toBeNull();
    expect(CONTRACT_MESSAGES['remote-newer']).toBe('This part of Embark was updated and needs a newer app version. Reload the page.');
  });
});

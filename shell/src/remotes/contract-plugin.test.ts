import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { ContractError, logCaughtError } from './contract';
import { contractPlugin } from './contract-plugin';
import { configureManifests, loadedRemotes } from './manifests';

type BeforeRequest = NonNullable<ModuleFederationRuntimePlugin['beforeRequest']>;
type RequestArgs = Parameters<BeforeRequest>[0];

const shell = { runtime: '2.9.2', provides: { 'react-router': '1.0.0+bbbb' } };

/** The employee remote's manifest, built for `routerVersion` of the react-router surface. */
function serveManifest(routerVersion: string) {
  configureManifests({ employee_mfe: 'https://cdn.example.com/e/mf-manifest.json', admin_mfe: 'https://cdn.example.com/a/remoteEntry.js' }, async () => ({
    ok: true,
    status: 200,
    json: async () => ({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      embark: { version: '0.3.0', commit: 'c0ffee', contract: { runtime: '2.9.2', needs: { 'react-router': { version: routerVersion, names: ['Link'] } } } },
    }),
  }));
}

/** What the federation runtime passes before it requests a remote (only the fields the plugin reads). */
function requestOf(name: string, entry: string): RequestArgs {
  return { id: `${name}/App`, options: { remotes: [{ name, entry }] } } as unknown as RequestArgs;
}

async function request(plugin: ModuleFederationRuntimePlugin, args: RequestArgs) {
  const beforeRequest = plugin.beforeRequest as BeforeRequest;
  return beforeRequest(args);
}

describe('contract plugin', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('points the runtime at the entry the manifest names and loads a remote that fits', async () => {
    serveManifest('1.0.0+bbbb');
    const args = requestOf('employee_mfe', 'https://cdn.example.com/e/mf-manifest.json');
    await request(contractPlugin(shell), args);
    expect(args.options.remotes[0]).toMatchObject({ entry: 'https://cdn.example.com/e/remoteEntry.js' });
    expect(loadedRemotes().get('employee_mfe')).toMatchObject({ version: '0.3.0', commit: 'c0ffee' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses a remote built for another major version on every attempt, and reports it once', async () => {
    serveManifest('0.9.0+aaaa');
    const plugin = contractPlugin(shell);
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(request(plugin, requestOf('employee_mfe', 'https://cdn.example.com/e/mf-manifest.json'))).rejects.toBeInstanceOf(ContractError);
    }
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]).toEqual([
      '[embark] contract mismatch',
      expect.objectContaining({ remote: 'employee_mfe', skew: 'shell-newer', remoteVersion: expect.objectContaining({ version: '0.3.0', needs: { 'react-router': '0.9.0+aaaa' } }) }),
    ]);
  });

  it('leaves a remote configured by its remoteEntry.js unchecked', async () => {
    serveManifest('0.9.0+aaaa');
    const args = requestOf('admin_mfe', 'https://cdn.example.com/a/remoteEntry.js');
    await expect(request(contractPlugin(shell), args)).resolves.toBe(args);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps React from logging a refused remote a second time, and logs any other caught error', async () => {
    serveManifest('0.9.0+aaaa');
    const refusal = await request(contractPlugin(shell), requestOf('employee_mfe', 'https://cdn.example.com/e/mf-manifest.json')).catch((error: unknown) => error);
    errors.mockClear();
    logCaughtError(new Error('wrapped', { cause: refusal }));
    expect(errors).not.toHaveBeenCalled();
    const other = new Error('network');
    logCaughtError(other);
    expect(errors).toHaveBeenCalledWith(other);
  });
});

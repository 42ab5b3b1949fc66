import { configureManifests, fetchManifest, isManifestUrl, manifestOf, parseManifest, type ManifestFetch } from './manifests';

// The shape @module-federation/enhanced writes (metaData), plus the `embark` field our build adds.
const built = {
  id: 'employee_mfe',
  name: 'employee_mfe',
  metaData: {
    name: 'employee_mfe',
    buildInfo: { buildVersion: '0.1.0', buildName: '@embark/employee-mfe' },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    publicPath: 'auto',
  },
  embark: {
    name: '@embark/employee-mfe',
    version: '0.2.0',
    commit: 'abc123def456',
    contract: { runtime: '2.9.2', needs: { 'react-router': { version: '1.0.0+aaaa', names: ['Link'] } } },
  },
};

describe('manifest locations', () => {
  it('tells a manifest from a remoteEntry.js', () => {
    expect(isManifestUrl('https://cdn.example.com/employee/mf-manifest.json')).toBe(true);
    expect(isManifestUrl('https://cdn.example.com/employee/v2/manifest.json?x=1')).toBe(true);
    expect(isManifestUrl('https://cdn.example.com/employee/remoteEntry.js')).toBe(false);
  });
});

describe('parseManifest', () => {
  it('resolves an "auto" public path against the manifest and reads version, commit and contract', () => {
    expect(parseManifest(built, 'https://cdn.example.com/employee/v7/mf-manifest.json')).toEqual({
      entry: 'https://cdn.example.com/employee/v7/remoteEntry.js',
      version: '0.2.0',
      commit: 'abc123def456',
      contract: built.embark.contract,
    });
  });

  it('uses an explicit public path and entry folder', () => {
    const manifest = { metaData: { ...built.metaData, publicPath: 'https://static.example.com/e/', remoteEntry: { name: 'remoteEntry.js', path: 'js' } } };
    expect(parseManifest(manifest, 'https://cdn.example.com/mf-manifest.json')?.entry).toBe('https://static.example.com/e/js/remoteEntry.js');
  });

  it('falls back to the build version, and to "unknown", for a manifest without our field', () => {
    expect(parseManifest({ metaData: built.metaData }, 'https://cdn.example.com/mf-manifest.json')).toEqual({
      entry: 'https://cdn.example.com/remoteEntry.js',
      version: '0.1.0',
      commit: 'unknown',
    });
  });

  it('drops a malformed contract and rejects what is not a manifest', () => {
    const odd = { ...built, embark: { ...built.embark, contract: { runtime: '2.9.2', needs: { x: { version: 1 } } } } };
    expect(parseManifest(odd, 'https://cdn.example.com/mf-manifest.json')?.contract).toBeUndefined();
    expect(parseManifest({ hello: 'world' }, 'https://cdn.example.com/mf-manifest.json')).toBeNull();
    expect(parseManifest('<html>', 'https://cdn.example.com/mf-manifest.json')).toBeNull();
  });
});

describe('fetchManifest', () => {
  const serving =
    (status: number, body: unknown, seen: string[] = []): ManifestFetch =>
    async (url) => {
      seen.push(url);
      return { ok: status === 200, status, json: async () => body };
    };

  it('reads a configured manifest', async () => {
    const seen: string[] = [];
    await expect(fetchManifest('https://cdn.example.com/e/mf-manifest.json', serving(200, built, seen))).resolves.toMatchObject({
      entry: 'https://cdn.example.com/e/remoteEntry.js',
      version: '0.2.0',
    });
    expect(seen).toEqual(['https://cdn.example.com/e/mf-manifest.json']);
  });

  it('fetches nothing for a remote configured by its remoteEntry.js (loaded unchecked)', async () => {
    const seen: string[] = [];
    await expect(fetchManifest('https://cdn.example.com/e/remoteEntry.js', serving(200, built, seen))).resolves.toBeNull();
    expect(seen).toEqual([]);
  });

  it('fails when the configured manifest itself is missing or not a manifest', async () => {
    await expect(fetchManifest('https://cdn.example.com/e/mf-manifest.json', serving(404, null))).rejects.toThrow(
      'https://cdn.example.com/e/mf-manifest.json could not be read: HTTP 404',
    );
    await expect(fetchManifest('https://cdn.example.com/e/mf-manifest.json', serving(200, { a: 1 }))).rejects.toThrow('not a Module Federation manifest');
  });
});

describe('manifestOf', () => {
  it('reads a manifest on first use only, once, and reads it again after a failure', async () => {
    const seen: string[] = [];
    let up = false;
    configureManifests({ employee_mfe: 'https://cdn.example.com/e/mf-manifest.json', admin_mfe: 'https://cdn.example.com/a/remoteEntry.js' }, async (url) => {
      seen.push(url);
      return { ok: up, status: up ? 200 : 503, json: async () => built };
    });
    // Configuring fetches nothing: a user who never opens a remote's pages never asks its host.
    expect(seen).toEqual([]);
    await expect(manifestOf('employee_mfe')).rejects.toThrow('HTTP 503');
    up = true;
    await expect(manifestOf('employee_mfe')).resolves.toMatchObject({ version: '0.2.0' });
    await expect(manifestOf('employee_mfe')).resolves.toMatchObject({ version: '0.2.0' });
    await expect(manifestOf('admin_mfe')).resolves.toBeNull();
    expect(seen).toEqual(['https://cdn.example.com/e/mf-manifest.json', 'https://cdn.example.com/e/mf-manifest.json']);
  });
});

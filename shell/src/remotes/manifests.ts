// Each remote's mf-manifest.json: where its remoteEntry.js is, its version and commit (for "About
// Embark") and its contract needs (contract-plugin.ts). The federation runtime is built without its
// manifest support (docs/federation.md), so the shell reads the manifest itself, when the remote is
// first loaded: a user who never opens a remote's pages fetches nothing of it, not even its manifest.
import type { RemoteName } from '@embark/shared-ui';
import type { RemoteContract } from './contract';

export const MANIFEST_FILE = 'mf-manifest.json';

/** What the shell knows about a remote after reading its manifest. */
export interface RemoteManifest {
  /** URL of the remote's remoteEntry.js. */
  entry: string;
  /** Package version and commit the remote was built from ("unknown" when its manifest predates them). */
  version: string;
  commit: string;
  /** Absent for a remote built before the contract existed: it is loaded unchecked. */
  contract?: RemoteContract;
}

/** The runtime config names a manifest (…/mf-manifest.json, or any .json) rather than a remoteEntry.js. */
export function isManifestUrl(url: string): boolean {
  return new URL(url).pathname.endsWith('.json');
}

/**
 * Reads a parsed mf-manifest.json. Its remoteEntry is `publicPath + remoteEntry.path + remoteEntry.name`;
 * a publicPath of "auto" (ours: a remote is served from wherever it is deployed) means the
 * manifest's own folder. Returns null when the file is not a federation manifest.
 */
export function parseManifest(raw: unknown, manifestUrl: string): RemoteManifest | null {
  if (!isRecord(raw) || !isRecord(raw.metaData)) return null;
  const { remoteEntry, publicPath, buildInfo } = raw.metaData;
  if (!isRecord(remoteEntry) || typeof remoteEntry.name !== 'string') return null;
  const base = typeof publicPath === 'string' && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl;
  const folder = typeof remoteEntry.path === 'string' && remoteEntry.path !== '' ? `${remoteEntry.path.replace(/\/?$/, '/')}` : '';
  const entry = new URL(folder + remoteEntry.name, base).href;
  const embark = isRecord(raw.embark) ? raw.embark : {};
  const version = typeof embark.version === 'string' ? embark.version : isRecord(buildInfo) && typeof buildInfo.buildVersion === 'string' ? buildInfo.buildVersion : 'unknown';
  const commit = typeof embark.commit === 'string' ? embark.commit : 'unknown';
  const contract = isRemoteContract(embark.contract) ? embark.contract : undefined;
  return { entry, version, commit, ...(contract ? { contract } : {}) };
}

function isRemoteContract(value: unknown): value is RemoteContract {
  if (!isRecord(value) || typeof value.runtime !== 'string' || !isRecord(value.needs)) return false;
  return Object.values(value.needs).every((need) => isRecord(need) && typeof need.version === 'string' && Array.isArray(need.names) && need.names.every((name) => typeof name === 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type ManifestFetch = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * Fetches a remote's manifest when the runtime config names one. A remote configured by its
 * remoteEntry.js is loaded as before, unchecked and without version information (null): looking
 * for a manifest beside it would log a 404 in the console for every remote released before
 * manifests existed.
 */
export async function fetchManifest(location: string, fetchImpl: ManifestFetch): Promise<RemoteManifest | null> {
  if (!isManifestUrl(location)) return null;
  try {
    const response = await fetchImpl(location);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = parseManifest(await response.json(), location);
    if (!manifest) throw new Error('not a Module Federation manifest');
    return manifest;
  } catch (error) {
    throw new Error(`${location} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let locations: Partial<Record<string, string>> = {};
let fetchFrom: ManifestFetch = () => Promise.reject(new Error('the remotes are not configured'));
const manifests = new Map<string, Promise<RemoteManifest | null>>();
const loaded = new Map<string, RemoteManifest>();

/** Where each remote is configured (runtime config); its manifest is read on first use. */
export function configureManifests(remotes: Record<RemoteName, string>, fetchImpl: ManifestFetch): void {
  locations = { ...remotes };
  fetchFrom = fetchImpl;
  manifests.clear();
}

/**
 * The manifest of a remote (null: configured by its remoteEntry.js), read once. A failed read is
 * not kept: the next call ("Try Again", a later visit) reads it again.
 */
export function manifestOf(name: string): Promise<RemoteManifest | null> {
  const cached = manifests.get(name);
  if (cached) return cached;
  const location = locations[name];
  if (location === undefined) return Promise.resolve(null);
  const promise = fetchManifest(location, fetchFrom);
  manifests.set(name, promise);
  promise.catch(() => {
    if (manifests.get(name) === promise) manifests.delete(name);
  });
  return promise;
}

/** Records a remote whose code was loaded, for "About Embark". */
export function markLoaded(name: string, manifest: RemoteManifest): void {
  loaded.set(name, manifest);
}

/** The remotes loaded in this page so far, with their versions. */
export function loadedRemotes(): ReadonlyMap<string, RemoteManifest> {
  return loaded;
}

import { ALL_REMOTE_NAMES, RUNTIME_CONFIG_PATH, type RemoteName, type RuntimeConfig } from '@embark/shared-ui';

/** The runtime config is missing, unreachable or malformed; the message says which, for operators. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/**
 * Validates the parsed `/runtime-config.json`. Each remote needs the URL of its `mf-manifest.json`
 * (preferred: it carries the remote's version and contract, manifests.ts) or of its `remoteEntry.js`:
 * an absolute http(s) URL, or a root-relative path (resolved against `baseUrl`, the shell's origin).
 * Unknown keys are ignored so the file can grow without breaking older shells.
 */
export function parseRuntimeConfig(raw: unknown, baseUrl: string): RuntimeConfig {
  if (!isRecord(raw)) throw new RuntimeConfigError('runtime-config.json must be a JSON object.');
  const remotes = raw.remotes;
  if (!isRecord(remotes)) throw new RuntimeConfigError('runtime-config.json must have a "remotes" object.');
  const resolved = {} as Record<RemoteName, string>;
  for (const name of ALL_REMOTE_NAMES) {
    resolved[name] = parseEntryUrl(name, remotes[name], baseUrl);
  }
  return { remotes: resolved };
}

function parseEntryUrl(name: RemoteName, value: unknown, baseUrl: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`runtime-config.json: remotes.${name} must be the URL of its mf-manifest.json or remoteEntry.js.`);
  }
  const text = value.trim();
  const isAbsolute = /^https?:\/\//i.test(text);
  const isRootRelative = text.startsWith('/') && !text.startsWith('//');
  if (!isAbsolute && !isRootRelative) {
    throw new RuntimeConfigError(
      `runtime-config.json: remotes.${name} must be an http(s) URL or a path starting with "/" (got "${text}").`,
    );
  }
  let url: URL;
  try {
    url = new URL(text, baseUrl);
  } catch {
    throw new RuntimeConfigError(`runtime-config.json: remotes.${name} is not a valid URL (got "${text}").`);
  }
  return url.href;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** Fetches and validates the runtime config from the shell's own origin (never cached by the browser). */
export async function loadRuntimeConfig(
  fetchImpl: FetchLike,
  baseUrl: string,
  path: string = RUNTIME_CONFIG_PATH,
): Promise<RuntimeConfig> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchImpl(path, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RuntimeConfigError(`${path} could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new RuntimeConfigError(`${path} could not be fetched (HTTP ${response.status}).`);
  return readRuntimeConfig(await response.text(), baseUrl, path);
}

/** Parses and validates the runtime config's JSON text; `source` names where it came from in the error. */
export function readRuntimeConfig(text: string, baseUrl: string, source: string): RuntimeConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError(`${source} is not valid JSON.`);
  }
  return parseRuntimeConfig(parsed, baseUrl);
}

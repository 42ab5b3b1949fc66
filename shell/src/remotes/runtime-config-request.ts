// Runs before the async boundary (src/index.ts), so it must not import shared modules: the config
// request then travels in parallel with the shared chunks instead of after them.

/** Same value as RUNTIME_CONFIG_PATH in @embark/shared-ui (a unit test keeps them equal). */
export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/**
 * The id of the JSON data block in which both serving paths write the runtime config into
 * index.html (scripts/lib/static-server.mjs, docker/nginx/shell.conf.template; the e2e suite keeps
 * the three equal: under both servers the shell never asks for the file). It saves the page a
 * request before any remote can be located.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'embark-runtime-config';

/** The runtime config written into the page, as text; null when absent (the dev server writes none). */
export function inlineRuntimeConfig(doc: Document = document): string | null {
  return doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? null;
}

let request: Promise<Response> | null = null;

/** The one request for the runtime config, started at most once and never served from the HTTP cache. */
export function requestRuntimeConfig(): Promise<Response> {
  if (!request) {
    request = fetch(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    request.catch(() => undefined); // handled by the bootstrap; avoid an "unhandled rejection" meanwhile
  }
  return request;
}

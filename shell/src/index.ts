import { inlineRuntimeConfig, requestRuntimeConfig } from './remotes/runtime-config-request';

// Without the config in the page (the dev server), start fetching /runtime-config.json now, in
// parallel with the shared chunks.
if (inlineRuntimeConfig() === null) requestRuntimeConfig();

// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('[embark] failed to load the application:', error);
});

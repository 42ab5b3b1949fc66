import { requestRuntimeConfig } from './remotes/runtime-config-request';

// Start fetching /runtime-config.json now, in parallel with the shared chunks.
requestRuntimeConfig();

// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('[embark] failed to load the application:', error);
});

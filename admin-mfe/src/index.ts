// Async boundary for the standalone page: shared modules are negotiated before app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('[admin_mfe] failed to start:', error);
});

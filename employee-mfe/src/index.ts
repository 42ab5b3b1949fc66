// Async boundary for the standalone page: shared modules are negotiated before app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('[employee_mfe] failed to start:', error);
});

import { withClient } from './database';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__EMBARK_TEST_RUN__;
  if (!state) return;
  try {
    // FORCE: a test that leaked a connection must not keep the database alive.
    await withClient(state.adminUrl, (c) => c.query(`drop database if exists ${c.escapeIdentifier(state.database)} with (force)`));
  } finally {
    await state.embedded?.stop();
    globalThis.__EMBARK_TEST_RUN__ = undefined;
  }
}

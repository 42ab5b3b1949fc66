#!/usr/bin/env node
// Playwright's web server: the built stack on the e2e ports with a fresh database.
import { launchStack } from '../scripts/lib/stack.mjs';
import { e2eEnv } from './stack.mjs';

const stack = await launchStack({ env: e2eEnv });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stack.stop());
process.exit((await stack.exited) ?? 0);

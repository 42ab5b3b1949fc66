// Jest settings shared by every front-end package: @swc/jest (same compiler as the webpack build),
// jsdom, CSS stubbed, tests next to the code as *.test.ts(x), run in New York's time zone (jest-global-setup.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const buildDir = path.dirname(fileURLToPath(import.meta.url));

/** @returns {import('jest').Config} */
export function jestConfig(overrides = {}) {
  return {
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: { react: { runtime: 'automatic' } },
          },
        },
      ],
    },
    moduleNameMapper: { '\\.css$': path.join(buildDir, 'style-stub.cjs') },
    globalSetup: path.join(buildDir, 'jest-global-setup.mjs'),
    setupFiles: [path.join(buildDir, 'jest-setup.ts')],
    setupFilesAfterEnv: [path.join(buildDir, 'jest-after-env.ts')],
    clearMocks: true,
    restoreMocks: true,
    // jsdom renders are CPU-bound; on a busy 2-core CI machine jest's 5 s default trips on slow, correct tests.
    testTimeout: 20_000,
    ...overrides,
  };
}

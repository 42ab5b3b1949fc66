// @ts-check
/*
 * Jest for the gateway: @swc/jest (legacy decorators + metadata, like tsc) and
 * one real PostgreSQL database per run, created by test/global-setup.ts.
 */

/** @type {import('@swc/core').Options} */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: { '^.+\\.(ts|js|mjs)$': ['@swc/jest', swc] },
  // ESM-only packages (jose, otplib and its @otplib/@noble/@scure deps) must be
  // transformed to CommonJS; everything else in node_modules is left alone.
  transformIgnorePatterns: ['/node_modules/(?!(jose|otplib|@otplib|@noble|@scure)/)'],
  setupFiles: ['<rootDir>/test/setup.ts'],
  // Every REST answer of the API tests is checked against the OpenAPI document (test/contract.ts).
  setupFilesAfterEnv: ['<rootDir>/test/contract-setup.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Two cores: two workers keep the run short without starving PostgreSQL.
  maxWorkers: 2,
  testTimeout: 30_000,
};

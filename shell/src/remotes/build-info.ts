import type { ShellBuild } from './contract-plugin';

// Replaced at build time by webpack's DefinePlugin (shell/webpack.config.mjs); absent in unit tests.
declare const __EMBARK_BUILD__: ShellBuild | undefined;

/** The shell's own version, commit and contract (what it provides to the remotes). */
export const SHELL_BUILD: ShellBuild =
  typeof __EMBARK_BUILD__ !== 'undefined'
    ? __EMBARK_BUILD__
    : { name: '@embark/shell', version: '0.0.0', commit: 'unknown', runtime: '0.0.0', provides: {} };

// What NODE_ENV `npm run db:*` runs under. From a checkout an unset NODE_ENV means development, as for
// `npm start` (the gateway alone takes it as production), except for the commands that write demo
// data (reset drops everything first) into a database DATABASE_URL names: that may be production's,
// so they keep it unset and the gateway refuses them as it refuses them in production.

/** The subcommands that write the demo accounts, whose passwords are published. */
export const DEMO_DATA_COMMANDS = ['reset', 'seed'];

/**
 * @param {string} subcommand migrate, rollback, status, seed or reset
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined} the NODE_ENV to run with (undefined: leave it unset)
 */
export function dbCommandNodeEnv(subcommand, env) {
  if (env.NODE_ENV) return env.NODE_ENV;
  if (env.DATABASE_URL && DEMO_DATA_COMMANDS.includes(subcommand)) return undefined;
  return 'development';
}

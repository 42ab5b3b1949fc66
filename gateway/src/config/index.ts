import { parseEnv, type Config, type Env } from './env';
import { readOrCreateJwtSecret } from './jwt-secret';
import { findRepoRoot } from './repo-root';

export { ARGON2_FLOOR, ConfigError, parseEnv, MIN_JWT_SECRET_LENGTH } from './env';
export type { AuthConfig, Config, Env, MailConfig, NodeEnv, ParseOptions, RateLimitRule, ReportsConfig, TrustProxy } from './env';

/** A config whose JWT secret is known. */
export type ResolvedConfig = Config & { jwtSecret: string };

/** Parses env (throws ConfigError listing every problem) and resolves the JWT secret. */
export function loadConfig(env: Env = process.env): ResolvedConfig {
  const config = parseEnv(env, findRepoRoot());
  const jwtSecret = config.jwtSecret ?? readOrCreateJwtSecret(config.dataDir);
  return { ...config, jwtSecret };
}

/*
 * The auth module's public face: accounts, sign-in, sessions, passwords and two-factor.
 * Code outside the module imports from here only (docs/architecture.md#modules).
 */
export { AUTH_LIMITS, AUTH_MESSAGES, normalizeEmail } from './auth.messages';
export { AuthResolver } from './auth.resolver';
export { NewPassword } from './auth.schemas';
export { authRouter } from './auth.routes';
export { AuthService } from './auth.service';
export * from './auth.types';
export { assertNewPasswordAllowed, newPasswordProblem } from './password-policy';
export { PasswordResolver } from './password.resolver';
export { PasswordService } from './password.service';
export { PasswordHasher } from './passwords';
export { buckets, RateLimiter } from './rate-limiter';
export { SecretBox } from './secret-box';
export { SESSION_BATCH_MAX, SessionStateReader, type SessionState } from './session-state';
export { SessionService, USER_AGENT_MAX } from './sessions';
export { TokenService, type TokenClaims } from './tokens';
export { TwoFactorService } from './two-factor.service';

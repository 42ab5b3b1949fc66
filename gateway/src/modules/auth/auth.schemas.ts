import { idSchema, isBlank, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { EmailField, NameField } from '../users';
import { AUTH_LIMITS, AUTH_MESSAGES as M } from './auth.messages';

/*
 * One schema per operation input of accounts, sign-in and two-factor. The
 * services parse with them (shared/validation parseInput), so REST and GraphQL
 * answer the same 400 with the same words; the REST door registers them in the
 * OpenAPI document. Details come in field order, one per field.
 */

/** A new password: 8+ characters with letters and digits, at most 1024 (docs/product.md#passwords). */
export const NewPassword = z
  .string({ error: M.passwordRule })
  .min(AUTH_LIMITS.passwordMin, { error: M.passwordRule, abort: true })
  // One pattern for both (a letter somewhere, a digit somewhere), so the document states both.
  .regex(/^(?=[\s\S]*[A-Za-z])(?=[\s\S]*\d)/, { error: M.passwordRule, abort: true })
  .max(AUTH_LIMITS.passwordMax, { error: M.passwordTooLong })
  // Both character rules in one pattern: the contract would otherwise publish only the first.
  .openapi({ pattern: '^(?=[\\s\\S]*[A-Za-z])(?=[\\s\\S]*\\d)' });

// A form may send the role as digits; blank is "not chosen", anything else not a role id is unknown.
const RoleChoice = z
  .unknown()
  .refine((raw) => !isBlank(raw), { error: M.roleRequired, abort: true })
  .pipe(idSchema(M.roleUnknown))
  .openapi({ type: 'integer', minimum: 1, description: 'The chosen role (GET /api/roles); the administrator role only while none exists.' });

/** Codes arrive as text, or as a number from a numeric input. */
const codeText = (raw: unknown) => (typeof raw === 'number' ? String(raw) : raw);

/** A current 6-digit authenticator code. */
const TotpCode = z.preprocess(
  codeText,
  z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, { error: M.codeRequired, abort: true })
    .regex(/^\d{6}$/, { error: M.codeFormat }),
);

/** An 8-character backup code, compared lower-cased. */
const BackupCode = z.preprocess(
  codeText,
  z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, { error: M.codeRequired, abort: true })
    .regex(/^[0-9a-fA-F]{8}$/, { error: M.backupCodeFormat })
    .transform((code) => code.toLowerCase()),
);

const asRecord = (raw: unknown): Record<string, unknown> => (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {});

/** Registration (docs/product.md#registration). The role is `role_id`; `roleId` is accepted too. */
export const RegisterInput = z.preprocess(
  (raw) => {
    const body = asRecord(raw);
    return { ...body, role_id: body.roleId ?? body.role_id };
  },
  z
    .object({
      name: NameField,
      email: EmailField,
      password: NewPassword,
      role_id: RoleChoice,
    })
    .openapi('RegisterInput'),
);
export type RegisterInput = z.output<typeof RegisterInput>;

/** Sign-in needs both fields present; anything else is simply wrong credentials (401). */
export const LoginInput = z
  .object({
    // The pattern puts "not blank" in the published document too, so a blank email is refused by both.
    // NUL dropped last: PostgreSQL cannot take it even as a lookup parameter, and an email of NULs is just a wrong one (401).
    email: z.string({ error: M.emailRequired }).regex(/\S/, { error: M.emailRequired, abort: true }).trim().min(1, { error: M.emailRequired }).overwrite(withoutNul),
    password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }),
  })
  .openapi('LoginInput');
export type LoginInput = z.output<typeof LoginInput>;

/**
 * The challenge id a password step answered. Anything else (missing, not
 * text, absurdly long) is no challenge: the service answers 401 as for an
 * unknown id, never 400, so the answer says nothing about the field.
 */
const ChallengeId = z
  .string()
  .max(128)
  .catch('')
  .openapi({ type: 'string', maxLength: 128, description: 'The challengeId of the login answer that asked for this step.' });

/** The second sign-in step: `token` is a TOTP code, or a backup code when `isBackupCode` (docs/product.md#two-factor). */
export const VerifyLoginInput = z.preprocess(
  (raw) => {
    const body = asRecord(raw);
    return { ...body, isBackupCode: body.isBackupCode === true || body.isBackupCode === 'true' };
  },
  z
    .discriminatedUnion('isBackupCode', [
      z.object({ email: LoginInput.shape.email, challengeId: ChallengeId, token: TotpCode, isBackupCode: z.literal(false).optional().openapi({ default: false }) }),
      z.object({ email: LoginInput.shape.email, challengeId: ChallengeId, token: BackupCode, isBackupCode: z.literal(true) }),
    ])
    // Required for a sign-in to succeed, though its absence is the 401 of an unknown challenge, not a 400.
    .openapi('VerifyLoginInput', { required: ['email', 'challengeId', 'token'] }),
);
export type VerifyLoginInput = z.output<typeof VerifyLoginInput>;

/** A current authenticator code, to check. */
export const TotpCodeInput = z.object({ token: TotpCode }).openapi('TotpCodeInput');
export type TotpCodeInput = z.output<typeof TotpCodeInput>;

/** The password a signed-in user types to confirm a sensitive change; any non-empty text (it is checked, not judged). */
const ConfirmPassword = z.string({ error: M.passwordNeeded }).min(1, { error: M.passwordNeeded });

/** Turning two-factor on: a current code of the new authenticator, and the password (docs/product.md#two-factor). */
export const EnableTwoFactorInput = z.object({ token: TotpCode, password: ConfirmPassword }).openapi('EnableTwoFactorInput');
export type EnableTwoFactorInput = z.output<typeof EnableTwoFactorInput>;

/**
 * Proof before two-factor may change: the password, or else a current
 * authenticator code. A non-empty password wins; without one a code is required.
 */
export const ReauthInput = z
  .object({
    password: z.unknown().optional().openapi({ type: 'string' }),
    token: z.unknown().optional().openapi({ type: 'string', description: 'A current 6-digit authenticator code, when no password is given.' }),
  })
  .transform((input, ctx): { password: string } | { code: string } => {
    if (typeof input.password === 'string' && input.password !== '') return { password: input.password };
    if (isBlank(input.token)) return problem(ctx, M.passwordOrCodeRequired);
    const code = TotpCode.safeParse(input.token);
    return code.success ? { code: code.data } : problem(ctx, code.error.issues[0]?.message ?? M.codeFormat);
  })
  .openapi('ReauthInput', { anyOf: [{ required: ['password'] }, { required: ['token'] }] });
export type ReauthInput = z.output<typeof ReauthInput>;

/** Profile → Security: the current password, and a new one under the new-password rules. */
export const ChangePasswordInput = z
  .object({
    currentPassword: z.string({ error: M.currentPasswordRequired }).min(1, { error: M.currentPasswordRequired }),
    newPassword: NewPassword,
  })
  .openapi('ChangePasswordInput');
export type ChangePasswordInput = z.output<typeof ChangePasswordInput>;

/** 'Forgot password?': the address to send a reset link to, if it has an account. */
export const ForgotPasswordInput = z.object({ email: EmailField }).openapi('ForgotPasswordInput');
export type ForgotPasswordInput = z.output<typeof ForgotPasswordInput>;

/** A reset link's token (from `?token=` of the link) and the new password. Anything but a plausible token is simply an invalid link. */
export const ResetPasswordInput = z
  .object({
    token: z.string({ error: M.resetLinkInvalid }).trim().min(16, { error: M.resetLinkInvalid }).max(512, { error: M.resetLinkInvalid }),
    password: NewPassword,
  })
  .openapi('ResetPasswordInput');
export type ResetPasswordInput = z.output<typeof ResetPasswordInput>;

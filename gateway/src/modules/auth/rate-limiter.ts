import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { DataSource } from 'typeorm';
import type { RateLimitRule } from '../../config';
import { countRateLimitHit } from '../../http/metrics';
import { queryRows } from '../../shared/sql';

/** One counted event in a fixed window. */
export interface RateHit {
  bucket: string;
  /** Events in the current window, this one included. */
  count: number;
  /** Millisecond precision (see below), so a refund can name the exact window. */
  windowStart: Date;
  /** Seconds until the window ends (for Retry-After). */
  resetsInSeconds: number;
  limited: boolean;
}

/**
 * Fixed-window counters in PostgreSQL, so every replica shares them
 * (docs/product.md#rate-limits). `hit` counts an attempt BEFORE the protected work runs, in one
 * atomic upsert: concurrent requests cannot all slip under the limit, which a
 * check-then-increment would allow. A caller whose attempt turns out fine
 * (a correct password) `refund`s it, so only failures accumulate.
 *
 * No TypeORM entity: the whole point is the single atomic statement below.
 */
export class RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async hit(bucket: string, rule: RateLimitRule): Promise<RateHit> {
    // Windows start at millisecond precision so the JS Date returned round-trips exactly.
    // In SET, `r.*` is the row before the update, so both CASEs test the old window.
    const [row] = await queryRows<{ count: number; window_start: Date; resets_in: number }>(
      this.dataSource,
      `insert into rate_limits as r (bucket, window_start, count)
         values ($1, date_trunc('milliseconds', now()), 1)
       on conflict (bucket) do update set
         window_start = case when r.window_start <= now() - make_interval(secs => $2) then date_trunc('milliseconds', now()) else r.window_start end,
         count = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.count + 1 end
       returning count, window_start,
         greatest(0, extract(epoch from (window_start + make_interval(secs => $2) - now())))::float8 as resets_in`,
      [bucket, rule.windowSeconds],
    );
    if (!row) throw new Error('rate limit upsert returned no row');
    const limited = row.count > rule.max;
    // Every limit of every door is counted here, the one place an attempt is found over its limit.
    if (limited) countRateLimitHit(bucket);
    return { bucket, count: row.count, windowStart: row.window_start, resetsInSeconds: row.resets_in, limited };
  }

  /** Un-counts a hit whose attempt succeeded; a no-op once its window has been replaced. */
  async refund(hit: RateHit): Promise<void> {
    await this.dataSource.query(`update rate_limits set count = count - 1 where bucket = $1 and window_start = $2 and count > 0`, [hit.bucket, hit.windowStart]);
  }

  /** Drops windows that ended long ago, so the table stays small. */
  async prune(olderThanSeconds: number): Promise<void> {
    await this.dataSource.query(`delete from rate_limits where window_start < now() - make_interval(secs => $1)`, [olderThanSeconds]);
  }
}

/**
 * The part of a client address that a rate limit counts. An IPv6 client
 * usually holds a whole /64 (one customer's network), so an address bucket
 * keys it by that prefix; otherwise each of 2^64 addresses would get its own
 * allowance. IPv4-mapped IPv6 is the IPv4 address. Anything unparsable is kept
 * as it is. The audit trail keeps the full address (docs/product.md#rate-limits).
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * Bucket names. Emails are hashed: the counters need equality, not the
 * address, and a hash has a fixed length whatever a client sends. Client
 * addresses go through `addressKey`.
 */
export const buckets = {
  loginAccount: (email: string, ip: string): string => `login:acct:${digest(email)}:${addressKey(ip)}`,
  /** Failed passwords of an account from every address together. */
  loginAccountTotal: (email: string): string => `login:acct-total:${digest(email)}`,
  loginAddress: (ip: string): string => `login:ip:${addressKey(ip)}`,
  registerAddress: (ip: string): string => `register:ip:${addressKey(ip)}`,
  /**
   * Second-factor codes of one account: a signed-in user's checks (reauth-guard.ts) and the codes
   * of its sign-in second steps, so an authenticator code has one allowance whichever door guesses it.
   */
  userChecks: (userId: number): string => `reauth:user:${userId}`,
  /**
   * A signed-in user's password checks (reauth-guard.ts), apart from the codes: whoever knows the
   * password but not the authenticator can use up the codes, and the owner must still be able to
   * change the password then (docs/decisions.md).
   */
  userPasswordChecks: (userId: number): string => `reauth:password:${userId}`,
  passwordResetAddress: (ip: string): string => `reset:ip:${addressKey(ip)}`,
  passwordResetAccount: (email: string): string => `reset:acct:${digest(email)}`,
  invitationAddress: (ip: string): string => `invitation:ip:${addressKey(ip)}`,
};

function digest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex').slice(0, 32);
}

import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { AuthService } from '../modules/auth';
import { ANONYMOUS, type Actor, type RequestMeta } from '../shared/actor';

interface Locals {
  actor?: Actor;
}

/**
 * The one place a request's actor is resolved, mounted before /api and
 * /graphql so both doors see the same actor: the bearer token is verified and
 * checked against the database (revocation, active account, current role) on
 * every request. An invalid token makes the request anonymous rather than
 * failing it, so public operations (sign-in, roles) still work with a stale
 * token; protected ones then answer 401.
 */
export function authenticate(auth: AuthService): RequestHandler {
  return async (req, res, next) => {
    (res.locals as Locals).actor = await auth.actorFor(req.get('authorization'));
    next();
  };
}

/** The actor resolved by `authenticate`; anonymous when it did not run. */
export function actorOf(req: Request): Actor {
  const actor = (req.res?.locals as Locals | undefined)?.actor;
  return actor ?? ANONYMOUS;
}

/**
 * The client address as express derives it (`req.ip`, honouring TRUST_PROXY),
 * with IPv4-mapped IPv6 folded to plain IPv4 as audits and session lists show
 * it, and the User-Agent a new session records. Rate limits key addresses with
 * the auth module's addressKey (an IPv6 client by its /64).
 */
export function metaOf(req: Request): RequestMeta {
  // Under a TRUST_PROXY that trusts more hops than there are proxies, req.ip is whatever the client
  // wrote in X-Forwarded-For: only an address is taken from there, else the peer is.
  const forwarded = req.ip;
  const raw = forwarded !== undefined && isIP(forwarded) !== 0 ? forwarded : (req.socket.remoteAddress ?? 'unknown');
  return { ip: raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice(7) : raw, userAgent: req.get('user-agent') ?? null };
}

/** The query string as a plain record (express may hand over arrays or nested objects; the services reject those). */
export function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>;
}

/** A JSON body as a plain object ({} for none, arrays or scalars): services validate fields themselves. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

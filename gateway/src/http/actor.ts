import type { Request } from 'express';
import { ANONYMOUS, type Actor } from '../shared/actor';

/**
 * The actor behind a REST request. Anonymous until the auth issue adds token
 * verification (it will set `res.locals.actor` in a middleware).
 */
export function actorOf(req: Request): Actor {
  const actor = (req.res?.locals as { actor?: Actor } | undefined)?.actor;
  return actor ?? ANONYMOUS;
}

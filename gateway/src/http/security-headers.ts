import type { RequestHandler } from 'express';

/**
 * The same refusals as the pages' (scripts/lib/security-headers.mjs, which the gateway's build cannot
 * import); app.test.ts fails when the two differ.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'usb=()',
].join(', ');

/**
 * The handful of headers an API needs (no helmet: the gateway serves JSON, plus
 * the GraphQL landing page in development). The landing page loads Apollo's
 * sandbox from its CDN, so it is exempt from the strict CSP outside production.
 */
export function securityHeaders(options: { production: boolean }): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const landingPage = !options.production && req.method === 'GET' && req.path === '/graphql';
    if (!landingPage) res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    // Only meaningful behind TLS, which is how production is deployed.
    if (options.production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** API answers are per-request data; no shared cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

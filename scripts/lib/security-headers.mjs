#!/usr/bin/env node
// The security headers of the front-end bundles, in one place for both serving paths:
// `npm run serve` (static-server.mjs) calls these functions, and the Docker build runs this file
// to write the nginx snippet that docker/nginx/*.conf.template include in every location.
//
// The shell's Content-Security-Policy allows scripts and styles from its own origin, from the remote
// origins of the runtime config (the same values that /runtime-config.json hands to the browser, so
// moving a remote needs no rebuild), and the inline boot script and styles of the built index.html
// by their sha256 hashes, read from the file itself. No dependencies: the image's build stage runs
// it with a bare `node`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Nothing in the portal uses these; a page that tries gets a refusal. */
const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'usb=()',
].join(', ');

/** Headers every response of every bundle carries (documents, scripts, the runtime config, 404s). */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // Reset links carry their token in the path: no page of ours hands its address to anyone.
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // CSP frame-ancestors for current browsers, this for the old ones.
  'X-Frame-Options': 'DENY',
};

/** A remote bundle serves scripts and styles only: no document of it may run anything. */
const REMOTE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * @typedef {{ scripts: string[], styles: string[], styleAttributes: string[] }} InlineHashes
 *   CSP source expressions ('sha256-…') of the inline <script>s, <style>s and style="…" attributes
 */

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const unique = (list) => [...new Set(list)];

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Attribute values are hashed as the browser sees them, after character references. */
function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * The hashes of everything inline in a built page. Script and style contents are hashed exactly as
 * written between their tags (what the browser hashes); a <script src> has nothing inline.
 * @param {string} html
 * @returns {InlineHashes}
 */
export function inlineHashes(html) {
  const scripts = [];
  const styles = [];
  const rest = html
    .replace(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi, (_whole, attributes = '', body) => {
      if (!/\ssrc\s*=/i.test(` ${attributes}`) && body.length > 0) scripts.push(sha256(body));
      return '';
    })
    .replace(/<style(\s[^>]*)?>([\s\S]*?)<\/style\s*>/gi, (_whole, _attributes, body) => {
      styles.push(sha256(body));
      return '';
    });
  const styleAttributes = [];
  for (const tag of rest.matchAll(/<[a-z][^>]*>/gi)) {
    const attribute = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag[0]);
    if (attribute) styleAttributes.push(sha256(decodeEntities(attribute[1] ?? attribute[2] ?? attribute[3])));
  }
  return { scripts: unique(scripts), styles: unique(styles), styleAttributes: unique(styleAttributes) };
}

/** @param {string} indexHtmlPath the built shell's index.html */
export function inlineHashesOfFile(indexHtmlPath) {
  return inlineHashes(fs.readFileSync(indexHtmlPath, 'utf8'));
}

/**
 * The origins the shell loads remotes from: each absolute remoteEntry URL of the runtime config
 * (a path starting with "/" is the shell's own origin, already 'self').
 * @param {{ remotes: Record<string, string> }} runtimeConfig
 */
export function remoteOrigins(runtimeConfig) {
  for (const [name, url] of Object.entries(runtimeConfig.remotes)) {
    const problem = remoteUrlProblem(name, url);
    if (problem) throw new Error(problem);
  }
  return unique(Object.values(runtimeConfig.remotes).filter((url) => /^https?:\/\//i.test(url)).map((url) => new URL(url).origin));
}

/**
 * Why a remote URL cannot be written into the page's JSON and the Content-Security-Policy, or null when
 * it can: `new URL` accepts a host with `;` or `*`, which would add directives or allow any host. The
 * same rule and wording as docker/nginx/check-remote-urls.sh, the nginx image's check (which has no
 * node); tools/nginx-remote-urls.test.mjs holds the two to the same answers.
 * @param {string} name the variable that set it, for the message
 * @param {string} value
 */
export function remoteUrlProblem(name, value) {
  // The shell script tests line by line: one line of the right shape passes this step.
  // `s`: grep's `.` takes any byte but the line break, \r and U+2028 included.
  if (!value.split('\n').some((line) => /^(https?:\/\/[A-Za-z0-9.-]+(:[0-9]+)?(\/.*)?|\/([^/].*)?)$/is.test(line))) {
    return `${name} must be an http:// or https:// URL (host, optional port, path), or a path on the shell's origin (got '${value}')`;
  }
  if (/[^A-Za-z0-9._~:/?#@!&()*+,;=%-]/.test(value)) {
    return `${name} may hold only letters, digits and . _ ~ : / ? # @ ! & ( ) * + , ; = % - (percent-encode anything else) (got '${value}')`;
  }
  return null;
}

/**
 * The shell's Content-Security-Policy.
 * @param {{ origins: string[], hashes: InlineHashes }} options
 *   origins: the remotes' origins (nginx passes variables such as `$employee_remote_origin` here)
 */
export function shellContentSecurityPolicy({ origins, hashes }) {
  const list = (...sources) => sources.flat().filter(Boolean).join(' ');
  const directives = [
    ['default-src', "'self'"],
    // 'report-sample': a violation names the first characters of what was refused.
    ['script-src', list("'self'", origins, hashes.scripts, "'report-sample'")],
    // Remotes bring their own stylesheets; the shell's index.html inlines its first-paint CSS.
    ['style-src', list("'self'", origins, hashes.styles, "'report-sample'")],
    // Only the style="…" attributes of the prerendered landing markup (React sets styles through the CSSOM, which CSP does not govern).
    ...(hashes.styleAttributes.length > 0 ? [['style-src-attr', list("'unsafe-hashes'", hashes.styleAttributes)]] : []),
    // The API is same-origin (/api and /graphql are proxied); the federation runtime may fetch from remotes.
    ['connect-src', list("'self'", origins)],
    // The favicon is a data: URL.
    ['img-src', "'self' data:"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Every header of the shell's responses (pages, its scripts and styles, the runtime config).
 * @param {{ runtimeConfig: { remotes: Record<string, string> }, hashes: InlineHashes }} options
 * @returns {Record<string, string>}
 */
export function shellHeaders({ runtimeConfig, hashes }) {
  return { ...COMMON_HEADERS, 'Content-Security-Policy': shellContentSecurityPolicy({ origins: remoteOrigins(runtimeConfig), hashes }) };
}

/** Every header of a remote bundle's responses (CORS is added by the server: it depends on the shell's origin). */
export function remoteHeaders() {
  return { ...COMMON_HEADERS, 'Content-Security-Policy': REMOTE_POLICY };
}

/** nginx variables the shell's template derives from EMPLOYEE_REMOTE_URL and ADMIN_REMOTE_URL (see shell.conf.template). */
export const NGINX_REMOTE_ORIGIN_VARIABLES = ['$employee_remote_origin', '$admin_remote_origin'];

/**
 * The nginx snippet of `add_header` lines for one bundle; the templates include it in every
 * location, because a location with its own add_header drops the server's.
 * @param {'shell' | 'employee-mfe' | 'admin-mfe'} app
 * @param {string} distDir the bundle's build output (the shell's index.html is read for its hashes)
 */
export function nginxSnippet(app, distDir) {
  const headers = app === 'shell'
    ? { ...COMMON_HEADERS, 'Content-Security-Policy': shellContentSecurityPolicy({ origins: NGINX_REMOTE_ORIGIN_VARIABLES, hashes: inlineHashesOfFile(path.join(distDir, 'index.html')) }) }
    : remoteHeaders();
  const lines = Object.entries(headers).map(([name, value]) => {
    if (value.includes('"')) throw new Error(`${name} cannot be written into an nginx string: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return `# Written at build time by scripts/lib/security-headers.mjs from the built bundle; do not edit.\n${lines.join('\n')}\n`;
}

// `node scripts/lib/security-headers.mjs nginx <app> <dist dir>`: prints the snippet (Docker build, e2e).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, app, distDir] = process.argv.slice(2);
  if (command !== 'nginx' || !['shell', 'employee-mfe', 'admin-mfe'].includes(app) || !distDir) {
    console.error('usage: node scripts/lib/security-headers.mjs nginx <shell|employee-mfe|admin-mfe> <dist dir>');
    process.exit(2);
  }
  process.stdout.write(nginxSnippet(app, distDir));
}

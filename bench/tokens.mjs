// Benchmark 7 (docs/performance.md), token verification: what checking one session token costs,
// which every signed-in request pays. The gateway's own verifier (TokenService.verify from the
// build: a synchronous node:crypto HMAC, the baseline) against the libraries that could replace
// it, each configured with the same rules: jose's jwtVerify with the key imported once (a
// CryptoKey, and a KeyObject that jose converts once and caches), jose with the raw secret (as the
// gateway once did: an importKey per call) and fast-jwt's createVerifier (no cache). The rule in
// docs/decisions.md: a library replaces the home-made verifier when it costs at most 5 % more.
//
// Each verifier checks 200 distinct tokens in turn, one at a time as a request does, in slices
// of 200 verifications, shorter than a scheduler time slice; the slices alternate between
// verifiers so a burst of outside load hits them all. Outside load only ever slows a slice down,
// so cost = the 10th-percentile slice's time per verification (for jose it includes the hop to the
// libuv thread that runs WebCrypto's HMAC, which a request waits for too). CPU per verification
// (process.cpuUsage over all slices, every thread, garbage collection included) is shown beside it.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { gatewayDependency, requireBuilt } from './lib/gateway-deps.mjs';
import { median, quantile, round } from './lib/stats.mjs';
import { table } from './lib/report.mjs';

const require = createRequire(import.meta.url);

export const TOKENS = { tokens: 200, perSlice: 200, slices: 150, withinRatio: 1.05 };
const SECRET = 'bench-token-secret-0123456789abcdef0123456789abcdef';

// The claim rules a library leaves to its caller, as the gateway's verifier applies them, so each
// candidate does the same work (they cost nanoseconds beside the HMAC either way).
const USER_ID = /^[1-9]\d{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function claimRules(t) {
  return (payload, nowS) => {
    const { sub, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || !USER_ID.test(sub) || Number(sub) > 2_147_483_647) return null;
    if (typeof sid !== 'string' || !UUID.test(sid)) return null;
    if (!(iat <= nowS + t.TOKEN_MAX_FUTURE_IAT_SECONDS) || !(exp - iat <= t.TOKEN_TTL_SECONDS)) return null;
    return { userId: Number(sub), sessionId: sid };
  };
}

/** The candidates, each `verify(token) → claims | null` (sync or async), all with the same rules. */
async function candidates(t) {
  const { jwtVerify } = gatewayDependency('jose');
  const { createVerifier } = require('fast-jwt');
  const rules = claimRules(t);
  const requiredClaims = ['iss', 'aud', 'sub', 'iat', 'exp', 'sid'];
  const joseOptions = { algorithms: [t.TOKEN_ALGORITHM], issuer: t.TOKEN_ISSUER, audience: t.TOKEN_AUDIENCE, requiredClaims, typ: 'JWT', clockTolerance: t.TOKEN_CLOCK_TOLERANCE_SECONDS };
  const joseWith = (key) => async (token) => {
    try {
      return rules((await jwtVerify(token, key, joseOptions)).payload, Math.floor(Date.now() / 1000));
    } catch {
      return null;
    }
  };
  const secretBytes = new TextEncoder().encode(SECRET);
  const cryptoKey = await crypto.webcrypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const fastJwt = createVerifier({
    key: SECRET, algorithms: [t.TOKEN_ALGORITHM], allowedIss: t.TOKEN_ISSUER, allowedAud: t.TOKEN_AUDIENCE,
    requiredClaims, checkTyp: 'jwt', clockTolerance: t.TOKEN_CLOCK_TOLERANCE_SECONDS * 1000, cache: false,
  });
  const service = new t.TokenService(SECRET);
  return {
    gateway: { label: 'gateway: TokenService.verify (node:crypto HMAC)', sync: true, verify: (token) => service.verify(token) },
    joseCryptoKey: { label: 'jose jwtVerify, CryptoKey imported once', verify: joseWith(cryptoKey) },
    joseKeyObject: { label: 'jose jwtVerify, KeyObject (createSecretKey)', verify: joseWith(crypto.createSecretKey(secretBytes)) },
    joseRawSecret: { label: 'jose jwtVerify, raw secret (importKey per call)', verify: joseWith(secretBytes) },
    fastJwt: {
      label: 'fast-jwt createVerifier (no cache)',
      sync: true,
      verify: (token) => {
        try {
          return rules(fastJwt(token), Math.floor(Date.now() / 1000));
        } catch {
          return null;
        }
      },
    },
  };
}

/** CPU and wall time per verification, in microseconds, over `count` verifications. */
async function timeOne({ verify, sync }, tokens, count) {
  let accepted = 0;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  // A synchronous verifier is called as the gateway calls it: no await (a microtask per call).
  if (sync) for (let i = 0; i < count; i++) accepted += verify(tokens[i % tokens.length]) ? 1 : 0;
  else for (let i = 0; i < count; i++) accepted += (await verify(tokens[i % tokens.length])) ? 1 : 0;
  const wallUs = Number(process.hrtime.bigint() - started) / 1e3;
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / count, wallUs: wallUs / count, accepted };
}

/** Every candidate must accept the gateway's tokens with the same claims and refuse tampered ones, or the costs compare nothing. */
async function sameAnswers(list, tokens) {
  const tampered = tokens.slice(0, 20).map((token) => `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
  const differences = [];
  for (const token of [...tokens, ...tampered]) {
    const expected = JSON.stringify(await list.gateway.verify(token));
    for (const [name, c] of Object.entries(list)) {
      const got = JSON.stringify(await c.verify(token));
      if (got !== expected) differences.push(`${name}: ${got} where the gateway says ${expected}`);
    }
  }
  return differences;
}

/** @param {{ report: import('./lib/report.mjs').Report, tokensModule?: object }} options tokensModule: the built tokens module unless given */
export async function benchTokens({ report, tokensModule = requireBuilt('modules/auth/tokens.js') }) {
  const t = tokensModule;
  const service = new t.TokenService(SECRET);
  const tokens = [];
  for (let i = 1; i <= TOKENS.tokens; i++) tokens.push(await service.sign({ userId: i, sessionId: crypto.randomUUID() }));
  const list = await candidates(t);
  const differences = await sameAnswers(list, tokens);
  for (const d of differences.slice(0, 5)) report.note(`token verifiers disagree: ${d}`);

  const names = Object.keys(list);
  const runs = Object.fromEntries(names.map((n) => [n, []]));
  for (const name of names) await timeOne(list[name], tokens, 10 * TOKENS.perSlice); // warm-up (JIT, key caches)
  for (let r = 0; r < TOKENS.slices; r++) {
    // A different verifier goes first each round, so none always runs right after the garbage of another.
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const name of order) runs[name].push(await timeOne(list[name], tokens, TOKENS.perSlice));
  }
  const cost = (name) => quantile(runs[name].map((x) => x.wallUs), 0.1);
  const rows = names.map((name) => ({
    name, label: list[name].label,
    wallUs: round(cost(name)), ratio: round(cost(name) / cost('gateway')),
    cpuUs: round(runs[name].reduce((sum, x) => sum + x.cpuUs, 0) / TOKENS.slices),
    medianWallUs: round(median(runs[name].map((x) => x.wallUs))),
    accepted: runs[name].every((x) => x.accepted === TOKENS.perSlice),
  }));
  const base = rows.find((row) => row.name === 'gateway');
  const libraries = rows.filter((row) => row.name !== 'gateway' && row.name !== 'joseRawSecret');
  const cheapest = libraries.reduce((x, y) => (y.ratio < x.ratio ? y : x));
  const keepHomeMade = cheapest.ratio > TOKENS.withinRatio;
  const within = `${Math.round((TOKENS.withinRatio - 1) * 100)} %`;

  console.info(`\n### 7. Token verification (${TOKENS.slices} slices × ${TOKENS.perSlice} verifications per verifier, ${TOKENS.tokens} tokens in turn)\n`);
  table(['verifier', 'µs / verification (10th-percentile slice)', '× gateway', 'median slice µs', 'CPU µs (all slices)', 'all accepted'], rows.map((row) => [
    row.label, row.wallUs, row.name === 'gateway' ? '1 (baseline)' : row.ratio, row.medianWallUs, row.cpuUs, row.accepted ? 'yes' : 'NO',
  ]));
  console.info(`\nsame answers from every verifier (${TOKENS.tokens} good, 20 tampered tokens): ${differences.length === 0 ? 'yes' : `NO (${differences.length} differences)`}`);
  console.info(`cheapest library: ${cheapest.label}, ${cheapest.ratio}× the gateway's verifier: ${keepHomeMade ? `more than ${within} dearer, so the home-made verifier stays` : `within ${within}, so it should replace the home-made one`} (docs/decisions.md)`);

  report.check({ item: 7, figure: `token verification, gateway's verifier (CPU ${base.cpuUs} µs)`, value: base.wallUs, unit: 'µs', target: '–', met: null });
  for (const row of rows.filter((x) => x.name !== 'gateway')) {
    report.check({ item: 7, figure: `token verification, ${row.label} ÷ gateway's (${row.wallUs} vs ${base.wallUs} µs; CPU ${row.cpuUs} vs ${base.cpuUs} µs)`, value: row.ratio, unit: '×', target: '–', met: null });
  }
  // The decision holds while no library comes within 5 %; once one does, switch to it.
  report.check({ item: 7, figure: `home-made verifier still earns its place: cheapest library (${cheapest.label}) ÷ gateway's`, value: cheapest.ratio, unit: '×', target: `> ${TOKENS.withinRatio}× (else switch, docs/decisions.md)`, met: keepHomeMade });
  report.check({ item: 7, figure: 'every verifier gives the same answers', value: differences.length === 0 ? 'yes' : 'no', target: 'yes', met: differences.length === 0 && rows.every((row) => row.accepted) });
  report.section('tokens', { ...TOKENS, results: rows, cheapest: cheapest.name, keepHomeMade, differences: differences.slice(0, 20) });
}

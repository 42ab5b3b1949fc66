// The gateway's /metrics must never go public through the shell: the shell's servers proxy only
// /api and /graphql. Proven against `npm run serve`'s static server over real HTTP, and against the
// nginx template the shell image renders (its only proxied location).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../scripts/lib/static-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const METRICS = '# TYPE embark_http_request_duration_seconds histogram\n';

describe("the shell's static server (npm run serve)", () => {
  let upstream;
  let shell;
  let base;
  const seen = [];
  before(async () => {
    // Stands in for the gateway: answers every path, metrics included, and records what reached it.
    upstream = http.createServer((req, res) => {
      seen.push(req.url);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url.startsWith('/metrics') ? METRICS : `gateway ${req.url}`);
    });
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-shell-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Embark</title>');
    shell = await startStaticServer({ name: 'shell', root, port: 0, spa: true, proxyTarget: `http://127.0.0.1:${upstream.address().port}` });
    base = `http://127.0.0.1:${shell.server.address().port}`;
  });
  after(async () => {
    await shell?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('proxies /api and /graphql to the gateway', async () => {
    const api = await fetch(`${base}/api/roles`);
    assert.equal(await api.text(), 'gateway /api/roles');
    const graphql = await fetch(`${base}/graphql`, { method: 'POST', body: '{}' });
    assert.equal(await graphql.text(), 'gateway /graphql');
  });

  it('never forwards /metrics (or a look-alike) to the gateway', async () => {
    seen.length = 0;
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1', '/api/../metrics', '/%2Fmetrics', '/apimetrics']) {
      const res = await fetch(`${base}${url}`);
      const body = await res.text();
      assert.ok(!body.includes('embark_http_request_duration_seconds'), `${url} answered the metrics`);
    }
    assert.deepEqual(seen.filter((u) => u.includes('metrics')), []);
  });
});

describe("the shell's nginx template (docker/nginx/shell.conf.template)", () => {
  const template = fs.readFileSync(path.join(repoRoot, 'docker/nginx/shell.conf.template'), 'utf8');

  it('proxies /api and /graphql, and no proxied location matches /metrics', () => {
    // The API's location, and the invitation routes' nested inside it (their own error log).
    const proxied = [...template.matchAll(/location\s+(~\*?|=|\^~)?\s*("?)([^"{\s]+)\2\s*\{([^{}]*)/g)].filter((m) => /^\s*proxy_pass|\n\s*proxy_pass/.test(m[4]));
    assert.ok(proxied.length >= 1);
    const locations = proxied.map(([, modifier, , pattern]) => {
      assert.equal(modifier, '~');
      return new RegExp(pattern);
    });
    assert.ok(locations.some((l) => l.test('/api/roles')) && locations.some((l) => l.test('/graphql')));
    for (const location of locations) {
      for (const url of ['/metrics', '/metrics/', '/apimetrics', '/graphqlmetrics']) assert.ok(!location.test(url), `${url} would be proxied by ${location}`);
    }
  });
});

// The shell image's start refuses remote URLs that nginx would write unsafely (as they are, into the page's
// JSON, the CSP and its own quoted strings): docker/nginx/check-remote-urls.sh, run by the image before
// envsubst and by the e2e suite's nginx in the same way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { checkRemoteUrls } from '../e2e/nginx-stack.mjs';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { remoteOrigins, remoteUrlProblem } from '../scripts/lib/security-headers.mjs';

const template = (app) => path.join(repoRoot, 'docker', 'nginx', `${app}.conf.template`);
const GOOD = 'https://cdn.example.com/admin/2.1.0/mf-manifest.json';
const ACCEPTED = ['http://localhost:3001/mf-manifest.json', 'HTTPS://cdn.example.com/employee/1.2.3/mf-manifest.json?v=2&x=%22', 'http://127.0.0.1:13001', '/employee/mf-manifest.json'];
const BAD_CHARACTER = ['http://x/"a', "http://x/'a", 'http://x/$host', 'http://x/a b', 'http://x/a\nb', 'http://x/a\rb', 'http://x/a\u2028b', 'http://x/<script>', 'http://x/{a}', 'http://x/a\\b', 'http://x/caf\u00e9'];
const NOT_A_URL = ['', 'javascript:alert(1)', 'ftp://x/y', '//cdn.example.com/x', 'cdn.example.com/x', 'https://a.example.com;b.example.com/x', 'https://user@x.example.com/x', 'https://*/x', 'https://cdn.example;report-uri/x'];
const startWith = (employee) => () => checkRemoteUrls(template('shell'), { EMPLOYEE_REMOTE_URL: employee, ADMIN_REMOTE_URL: GOOD });

describe('the shell image checks its remote URLs before rendering', () => {
  it('starts with http(s) URLs, percent-encoded, and with paths on its own origin', () => {
    for (const url of ACCEPTED) assert.doesNotThrow(startWith(url), url);
  });

  it('refuses, naming the variable, a URL with a character nginx would write unescaped', () => {
    for (const url of BAD_CHARACTER) assert.throws(startWith(url), /EMPLOYEE_REMOTE_URL may hold only letters, digits/, JSON.stringify(url));
  });

  it('refuses what is not an http(s) URL or a path: empty, another scheme, protocol-relative', () => {
    for (const url of NOT_A_URL) assert.throws(startWith(url), /EMPLOYEE_REMOTE_URL must be an http:\/\/ or https:\/\/ URL/, JSON.stringify(url));
    assert.throws(() => checkRemoteUrls(template('shell'), { EMPLOYEE_REMOTE_URL: GOOD }), /ADMIN_REMOTE_URL must be/);
  });

  it('leaves the remotes’ own images alone (their templates name no remote), and fails on a template it cannot read', () => {
    for (const app of ['employee-mfe', 'admin-mfe']) assert.doesNotThrow(() => checkRemoteUrls(template(app), {}), app);
    assert.throws(() => checkRemoteUrls(template('missing'), {}), /cannot read the nginx template/);
  });

  it('runs in the image before the entrypoint renders the template', () => {
    const dockerfile = fs.readFileSync(path.join(repoRoot, 'docker', 'frontend.Dockerfile'), 'utf8');
    // The official entrypoint runs /docker-entrypoint.d/*.sh in name order; 20-envsubst-on-templates.sh renders.
    const copy = /^COPY --chmod=755 docker\/nginx\/check-remote-urls\.sh \/docker-entrypoint\.d\/(\d+)-[\w-]+\.sh$/m.exec(dockerfile);
    assert.ok(copy, 'the Dockerfile copies the check into /docker-entrypoint.d, executable');
    assert.ok(Number(copy[1]) < 20, `it runs before 20-envsubst-on-templates.sh (it is ${copy[1]})`);
  });
});

describe("npm run serve applies the image's rule", () => {
  it("gives the same answer, word for word, as the image's check", () => {
    for (const url of [...ACCEPTED, ...BAD_CHARACTER, ...NOT_A_URL]) {
      let image = null;
      try {
        startWith(url)();
      } catch (error) {
        image = /embark: (.*)$/s.exec(error.message)?.[1]?.trimEnd() ?? error.message;
      }
      assert.equal(remoteUrlProblem('EMPLOYEE_REMOTE_URL', url), image, JSON.stringify(url));
    }
  });

  it("never builds a policy from a refused URL, so no value can add a directive or allow every host", () => {
    assert.throws(() => remoteOrigins({ remotes: { employee_mfe: 'https://cdn.example;report-uri/x', admin_mfe: GOOD } }), /employee_mfe must be an http/);
    assert.throws(() => remoteOrigins({ remotes: { employee_mfe: 'https://*/x', admin_mfe: GOOD } }), /employee_mfe must be an http/);
  });

  it('refuses to start, saying why, before serving anything', () => {
    const serveWith = (env) => spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'serve.mjs')], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 30_000 });
    const result = serveWith({ EMPLOYEE_REMOTE_URL: 'https://cdn.example;report-uri/x' });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /embark: EMPLOYEE_REMOTE_URL must be an http:\/\/ or https:\/\/ URL .*\(got 'https:\/\/cdn\.example;report-uri\/x'\)/);
    // Right in shape, refused by URL: a bad port, or a host name that makes the default URL invalid.
    for (const [env, message] of [
      [{ ADMIN_REMOTE_URL: 'http://x.example:70000/mf-manifest.json' }, /embark: ADMIN_REMOTE_URL is not a valid URL/],
      [{ PUBLIC_HOST: 'bad host' }, /embark: EMPLOYEE_REMOTE_URL \(built from PUBLIC_HOST\) must be an http/],
    ]) {
      const refused = serveWith(env);
      assert.equal(refused.status, 1, refused.stderr);
      assert.match(refused.stderr, message);
    }
  });
});

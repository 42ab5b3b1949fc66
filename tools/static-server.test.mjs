// `npm run serve`'s static server: what it writes into the shell's page, and what it will not proxy.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RUNTIME_CONFIG_ELEMENT_ID, startStaticServer } from '../scripts/lib/static-server.mjs';

const PAGE = '<!doctype html><html><head><title>Embark</title><script>boot()</script></head><body></body></html>';

describe("the shell's static server", () => {
  let upstream;
  let shell;
  let base;
  // A value with every string-replacement pattern: none may be read as one.
  const remotes = { employee_mfe: "http://e.example/$'$`$&$$/mf-manifest.json", admin_mfe: '/admin/</script><!--/mf-manifest.json' };
  before(async () => {
    upstream = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`gateway ${req.method} ${req.url}`));
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-shell-'));
    fs.writeFileSync(path.join(root, 'index.html'), PAGE);
    shell = await startStaticServer({ name: 'shell', root, port: 0, spa: true, runtimeConfig: { remotes }, proxyTarget: `http://127.0.0.1:${upstream.address().port}` });
    base = `http://127.0.0.1:${shell.server.address().port}`;
  });
  after(async () => {
    await shell?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('writes the runtime config into the page as data, whatever its values hold', async () => {
    const html = await (await fetch(`${base}/app/dashboard`)).text();
    const open = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">`;
    assert.ok(html.startsWith(`<!doctype html><html><head>${open}`), html);
    const json = html.slice(html.indexOf(open) + open.length, html.indexOf('</script>'));
    assert.deepEqual(JSON.parse(json), { remotes });
    // The rest of the page follows once, unchanged: no value closed the data block or copied the page.
    assert.equal(html.slice(html.indexOf('</script>') + '</script>'.length), PAGE.slice('<!doctype html><html><head>'.length));
  });

  it("keeps the development gateway's GraphQL sandbox off the portal's origin, and proxies GraphQL itself", async () => {
    const sandbox = await fetch(`${base}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(sandbox.status, 404);
    assert.match(await sandbox.text(), /not served on the portal's origin\. Open http:\/\/127\.0\.0\.1:\d+\/graphql instead/);
    const query = await fetch(`${base}/graphql?query=%7B__typename%7D`, { headers: { accept: 'application/json' } });
    assert.equal(await query.text(), 'gateway GET /graphql?query=%7B__typename%7D');
    const post = await fetch(`${base}/graphql`, { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/json' }, body: '{}' });
    assert.equal(await post.text(), 'gateway POST /graphql');
  });
});

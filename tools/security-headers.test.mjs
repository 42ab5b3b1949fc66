import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { inlineHashes, nginxSnippet, remoteHeaders, remoteOrigins, shellContentSecurityPolicy } from '../scripts/lib/security-headers.mjs';

const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('security headers', () => {
  it('hashes inline scripts, style blocks and style attributes exactly as the browser reads them', () => {
    const html = [
      '<!doctype html><html><head><style>.a{color:red}</style>',
      '<script src="/main.0123abcd.js"></script><script>boot("</x>")</script></head>',
      '<body><div style=width:75%></div><p style="color: &quot;blue&quot;">x</p><script type=module>go()</script>',
      '<script>const s = "<div style=\'x\'>";</script></body></html>',
    ].join('');
    assert.deepEqual(inlineHashes(html), {
      scripts: [hash('boot("</x>")'), hash('go()'), hash('const s = "<div style=\'x\'>";')],
      styles: [hash('.a{color:red}')],
      styleAttributes: [hash('width:75%'), hash('color: "blue"')],
    });
  });

  it('takes the remotes’ origins from the runtime config; a same-origin path adds none', () => {
    const config = { remotes: { employee_mfe: 'https://cdn.example.com/employee/remoteEntry.js', admin_mfe: '/admin/remoteEntry.js', other: 'https://cdn.example.com/x/remoteEntry.js' } };
    assert.deepEqual(remoteOrigins(config), ['https://cdn.example.com']);
  });

  it('builds the shell’s policy from origins and hashes, with no unsafe-inline', () => {
    const policy = shellContentSecurityPolicy({
      origins: ['https://e.example.com', 'https://a.example.com'],
      hashes: { scripts: ["'sha256-s'"], styles: ["'sha256-t'"], styleAttributes: ["'sha256-u'"] },
    });
    assert.equal(policy, [
      "default-src 'self'",
      "script-src 'self' https://e.example.com https://a.example.com 'sha256-s' 'report-sample'",
      "style-src 'self' https://e.example.com https://a.example.com 'sha256-t' 'report-sample'",
      "style-src-attr 'unsafe-hashes' 'sha256-u'",
      "connect-src 'self' https://e.example.com https://a.example.com",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; '));
    assert.ok(!shellContentSecurityPolicy({ origins: [], hashes: { scripts: [], styles: [], styleAttributes: [] } }).includes('style-src-attr'));
  });

  it('writes the nginx snippet of a remote: every header, always', () => {
    const snippet = nginxSnippet('employee-mfe', '/nonexistent');
    for (const [name, value] of Object.entries(remoteHeaders())) assert.ok(snippet.includes(`add_header ${name} "${value}" always;`), name);
  });
});

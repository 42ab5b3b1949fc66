import { RUNTIME_CONFIG_PATH } from '@embark/shared-ui';
import { loadRuntimeConfig, parseRuntimeConfig, readRuntimeConfig, RuntimeConfigError, type FetchLike } from './runtime-config';
import { inlineRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_URL } from './runtime-config-request';

const BASE = 'https://portal.example.com';
const valid = {
  remotes: {
    employee_mfe: 'http://localhost:3001/remoteEntry.js',
    admin_mfe: 'https://admin.example.com/v2/remoteEntry.js',
  },
};

describe('parseRuntimeConfig', () => {
  it('accepts full entry URLs and ignores unknown keys', () => {
    expect(parseRuntimeConfig({ ...valid, extra: true, remotes: { ...valid.remotes, other_mfe: 'x' } }, BASE)).toEqual(valid);
  });

  it('resolves root-relative entry paths against the shell origin', () => {
    const config = parseRuntimeConfig({ remotes: { employee_mfe: '/employee/remoteEntry.js', admin_mfe: ' /admin/remoteEntry.js ' } }, BASE);
    expect(config.remotes).toEqual({
      employee_mfe: 'https://portal.example.com/employee/remoteEntry.js',
      admin_mfe: 'https://portal.example.com/admin/remoteEntry.js',
    });
  });

  it('accepts a manifest URL in place of a remoteEntry.js', () => {
    const config = parseRuntimeConfig({ remotes: { employee_mfe: '/employee/mf-manifest.json', admin_mfe: 'https://admin.example.com/v3/mf-manifest.json' } }, BASE);
    expect(config.remotes).toEqual({
      employee_mfe: 'https://portal.example.com/employee/mf-manifest.json',
      admin_mfe: 'https://admin.example.com/v3/mf-manifest.json',
    });
  });

  it.each([
    ['null', null, 'must be a JSON object'],
    ['an array', [valid], 'must be a JSON object'],
    ['no remotes', {}, 'must have a "remotes" object'],
    ['remotes as a list', { remotes: ['a'] }, 'must have a "remotes" object'],
    ['a missing admin remote', { remotes: { employee_mfe: valid.remotes.employee_mfe } }, 'remotes.admin_mfe must be the URL of its mf-manifest.json or remoteEntry.js'],
    ['an empty entry', { remotes: { ...valid.remotes, employee_mfe: '  ' } }, 'remotes.employee_mfe must be the URL'],
    ['a number', { remotes: { ...valid.remotes, employee_mfe: 3001 } }, 'remotes.employee_mfe must be the URL'],
    ['a javascript: URL', { remotes: { ...valid.remotes, admin_mfe: 'javascript:alert(1)' } }, 'must be an http(s) URL'],
    ['a relative path', { remotes: { ...valid.remotes, admin_mfe: 'remoteEntry.js' } }, 'must be an http(s) URL'],
    ['a protocol-relative URL', { remotes: { ...valid.remotes, admin_mfe: '//cdn.example.com/remoteEntry.js' } }, 'must be an http(s) URL'],
  ])('rejects %s', (_label, raw, message) => {
    expect(() => parseRuntimeConfig(raw, BASE)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(raw, BASE)).toThrow(message);
  });
});

describe('loadRuntimeConfig', () => {
  const respond =
    (status: number, body: string): FetchLike =>
    async () => ({ ok: status >= 200 && status < 300, status, text: async () => body });

  it('fetches /runtime-config.json without the HTTP cache and validates it', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fetchImpl: FetchLike = async (input, init) => {
      calls.push([input, init]);
      return { ok: true, status: 200, text: async () => JSON.stringify(valid) };
    };
    await expect(loadRuntimeConfig(fetchImpl, BASE)).resolves.toEqual(valid);
    expect(calls).toEqual([['/runtime-config.json', expect.objectContaining({ cache: 'no-store' })]]);
  });

  it('explains a missing file', async () => {
    await expect(loadRuntimeConfig(respond(404, 'not found'), BASE)).rejects.toThrow('/runtime-config.json could not be fetched (HTTP 404).');
  });

  it('explains an HTML answer (an SPA fallback instead of the file)', async () => {
    await expect(loadRuntimeConfig(respond(200, '<!doctype html><html></html>'), BASE)).rejects.toThrow(
      '/runtime-config.json is not valid JSON.',
    );
  });

  it('explains a network failure', async () => {
    const failing: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadRuntimeConfig(failing, BASE)).rejects.toThrow('/runtime-config.json could not be fetched: Failed to fetch');
  });

  it('rejects a well-formed file with invalid content', async () => {
    await expect(loadRuntimeConfig(respond(200, '{"remotes":{}}'), BASE)).rejects.toBeInstanceOf(RuntimeConfigError);
  });

  it('uses the contract path (the early request duplicates it before the async boundary)', () => {
    expect(RUNTIME_CONFIG_URL).toBe(RUNTIME_CONFIG_PATH);
  });
});

describe('the runtime config written into index.html', () => {
  function pageWith(head: string): Document {
    return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
  }

  it('is read from its data block, the way the servers write it', () => {
    const page = pageWith(`<script type="application/json" id="embark-runtime-config">${JSON.stringify(valid)}</script>`);
    const text = inlineRuntimeConfig(page);
    expect(text).not.toBeNull();
    expect(readRuntimeConfig(text ?? '', BASE, "index.html's runtime config")).toEqual(valid);
  });

  it('is absent under a server that writes none (the shell then fetches the file)', () => {
    expect(inlineRuntimeConfig(pageWith(''))).toBeNull();
  });

  it('keeps the id both servers write', () => {
    expect(RUNTIME_CONFIG_ELEMENT_ID).toBe('embark-runtime-config');
  });

  it('says where a broken one came from', () => {
    expect(() => readRuntimeConfig('{"remotes":', BASE, "index.html's runtime config")).toThrow("index.html's runtime config is not valid JSON.");
  });
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createLogger, redact } from '../logger';

function capture(level: Parameters<typeof createLogger>[0] = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { service: 'test' }, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return { logger, lines };
}

describe('logger', () => {
  it('writes one JSON object per line with time, level, msg and fields', () => {
    const { logger, lines } = capture();
    logger.info('hello', { n: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'hello', service: 'test', n: 1 });
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('respects the level', () => {
    const { logger, lines } = capture('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.logger.error('nothing');
    expect(silent.lines).toHaveLength(0);
  });

  it('never writes secrets, tokens or passwords', () => {
    const { logger, lines } = capture();
    logger.info('login attempt', {
      email: 'a@example.com',
      password: 'Hunter22hunter',
      body: { newPassword: 'x1', token: 'abc.def.ghi', backup_codes: ['deadbeef'], jwtSecret: 'k' },
      headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=1' },
      url: 'postgres://postgres:pa55word@127.0.0.1:5432/embark',
    });
    const text = JSON.stringify(lines);
    for (const secret of ['Hunter22hunter', 'x1"', 'abc.def.ghi', 'deadbeef', 'pa55word', 'sid=1']) expect(text).not.toContain(secret);
    expect(text).toContain('a@example.com');
    expect(text).toContain('postgres://postgres:***@127.0.0.1:5432/embark');
  });

  it('masks credentials inside messages and error messages', () => {
    const { logger, lines } = capture();
    logger.error('failed with Bearer eyJhbGciOi.x.y', { err: new Error('connect to postgres://u:secretpw@h/db failed') });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('eyJhbGciOi');
    expect(text).not.toContain('secretpw');
  });

  it('serialises errors with name, message, code and stack', () => {
    const err = Object.assign(new Error('boom'), { code: 'E_TEST' });
    expect(redact(err)).toMatchObject({ name: 'Error', message: 'boom', code: 'E_TEST', stack: expect.stringContaining('boom') });
  });

  it('survives circular fields', () => {
    const { logger, lines } = capture();
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => logger.info('loop', { loop })).not.toThrow();
    expect(lines).toHaveLength(1);
  });
});

describe('logger output', () => {
  /** Runs a few log calls in a fresh node, as the gateway would, and returns what reached stdout and stderr. */
  function run(format: 'json' | 'pretty'): { stdout: string; stderr: string } {
    const script = `const { createLogger } = require('./src/shared/logger');
      const log = createLogger('info', { service: 'gateway' }, '${format}');
      log.info('listening', { port: 4000, password: 'Hunter22hunter' });
      log.warn('slow down', { url: 'postgres://u:pa55word@h/db' });`;
    const child = spawnSync(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: path.resolve(__dirname, '../../..'), encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    expect(child.status).toBe(0);
    return { stdout: child.stdout, stderr: child.stderr };
  }

  it('json: info lines on stdout and warnings on stderr, one JSON object each', () => {
    const { stdout, stderr } = run('json');
    expect(JSON.parse(stdout.trim())).toMatchObject({ level: 'info', msg: 'listening', service: 'gateway', port: 4000, password: '[redacted]' });
    expect(JSON.parse(stderr.trim())).toMatchObject({ level: 'warn', msg: 'slow down', url: 'postgres://u:***@h/db' });
  });

  it('pretty (pino-pretty): readable lines, secrets still redacted', () => {
    const { stdout, stderr } = run('pretty');
    expect(stdout).toMatch(/INFO.*listening/);
    expect(stdout).toContain('port: 4000');
    expect(() => JSON.parse(stdout.trim())).toThrow();
    expect(stderr).toMatch(/WARN.*slow down/);
    expect(stdout + stderr).not.toMatch(/Hunter22hunter|pa55word/);
  });
});

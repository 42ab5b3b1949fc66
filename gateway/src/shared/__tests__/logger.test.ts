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

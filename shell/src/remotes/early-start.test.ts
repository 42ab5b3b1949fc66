import { REMOTE_NAMES, type RemoteModule, type RemotePrefetchOptions, type StoredSession } from '@embark/shared-ui';
import { EARLY_DATA_WAIT_MS, EARLY_START_WAIT_MS, expectedRemote, startEarly } from './early-start';
import { createRemoteLoader } from './remote-loader';

const employee: StoredSession = { token: 'token', user: { id: 7, name: 'Ada Hire', email: 'ada@example.com', role_id: 1 } as StoredSession['user'] };
const admin: StoredSession = { token: 'token', user: { id: 1, name: 'Admin', email: 'admin@example.com', role_id: 4 } as StoredSession['user'] };
const guest: StoredSession = { token: null, user: null };

describe('expectedRemote', () => {
  it('names the employee remote for an employee page and a page any member may open', () => {
    expect(expectedRemote('/app/dashboard', employee)).toEqual({ name: 'employee_mfe', basePath: '/app' });
    expect(expectedRemote('/app/checklist/12', admin)).toEqual({ name: 'employee_mfe', basePath: '/app' });
  });

  it('names the admin remote for an administrator on an admin page', () => {
    expect(expectedRemote('/app/admin/users', admin)).toEqual({ name: 'admin_mfe', basePath: '/app/admin' });
  });

  it('starts nothing where the guards would redirect, for guests, and outside /app', () => {
    expect(expectedRemote('/app/admin', employee)).toBeNull();
    expect(expectedRemote('/app/dashboard', admin)).toBeNull();
    expect(expectedRemote('/app/dashboard', guest)).toBeNull();
    expect(expectedRemote('/login', employee)).toBeNull();
    expect(expectedRemote('/app/nowhere', employee)).toBeNull();
  });
});

describe('startEarly', () => {
  const client = { name: 'the shared client' } as unknown as RemotePrefetchOptions['client'];

  it('hands the loaded remote the client and the page, once both are there', async () => {
    const prefetch = jest.fn<void, [RemotePrefetchOptions]>();
    const loaded: string[] = [];
    const loader = createRemoteLoader(async (id) => {
      loaded.push(id);
      return { default: () => null, prefetch } satisfies RemoteModule;
    });
    await startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee);
    expect(loaded).toEqual(['employee_mfe/App']);
    expect(prefetch).toHaveBeenCalledWith({ client, pathname: '/app/dashboard', basePath: '/app' });
    // The outlet's later load is the same one.
    await expect(loader.load(REMOTE_NAMES.employee)).resolves.toMatchObject({ prefetch });
  });

  it('loads nothing for a guest', async () => {
    const loadModule = jest.fn();
    const loadClient = jest.fn();
    const loadArea = jest.fn();
    await startEarly('/app/dashboard', { loader: createRemoteLoader(loadModule), loadArea, loadClient }, guest);
    expect(loadModule).not.toHaveBeenCalled();
    expect(loadArea).not.toHaveBeenCalled();
    expect(loadClient).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the outlet, which tries again when it mounts', async () => {
    let attempts = 0;
    const loader = createRemoteLoader(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: () => null };
    });
    await expect(startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee)).resolves.toBeUndefined();
    loader.forgetFailure(REMOTE_NAMES.employee);
    await expect(loader.load(REMOTE_NAMES.employee)).resolves.toHaveProperty('default');
    expect(attempts).toBe(2);
  });

  it('works with a remote released before prefetch existed', async () => {
    const loader = createRemoteLoader(async () => ({ default: () => null }));
    await expect(startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee)).resolves.toBeUndefined();
  });

  it('is ready once the remote and the layout are loaded, not before', async () => {
    let arrive: (area: string) => void = () => undefined;
    const area = new Promise<string>((resolve) => {
      arrive = resolve;
    });
    const loader = createRemoteLoader(async () => ({ default: () => null }));
    let ready = false;
    const started = startEarly('/app/dashboard', { loader, loadArea: () => area, loadClient: async () => client }, employee).then(() => {
      ready = true;
    });
    await loader.load(REMOTE_NAMES.employee);
    await Promise.resolve();
    expect(ready).toBe(false);
    arrive('area');
    await started;
    expect(ready).toBe(true);
  });

  it("waits for the page's first answer, so the page's first frame shows its data", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const loader = createRemoteLoader(async () => ({ default: () => null, prefetch: () => answered }));
    let ready = false;
    const started = startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee).then(() => {
      ready = true;
    });
    await loader.load(REMOTE_NAMES.employee);
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(ready).toBe(false);
    answer();
    await started;
    expect(ready).toBe(true);
  });

  it('waits for a slow answer only briefly: past EARLY_DATA_WAIT_MS the page shows its loading state', async () => {
    jest.useFakeTimers();
    try {
      const loader = createRemoteLoader(async () => ({ default: () => null, prefetch: () => new Promise<never>(() => undefined) }));
      let ready = false;
      const started = startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee).then(() => {
        ready = true;
      });
      await jest.advanceTimersByTimeAsync(EARLY_DATA_WAIT_MS - 1);
      expect(ready).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await started;
      expect(ready).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is ready when the first request fails or the prefetch throws: the page reports its own error', async () => {
    const refused = createRemoteLoader(async () => ({ default: () => null, prefetch: () => Promise.reject(new Error('401')) }));
    await expect(startEarly('/app/dashboard', { loader: refused, loadArea: async () => 'area', loadClient: async () => client }, employee)).resolves.toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const throwing = createRemoteLoader(async () => ({
        default: () => null,
        prefetch: () => {
          throw new Error('broken');
        },
      }));
      await expect(startEarly('/app/dashboard', { loader: throwing, loadArea: async () => 'area', loadClient: async () => client }, employee)).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith('[embark] the remote could not start its page early:', expect.any(Error));
    } finally {
      warn.mockRestore();
    }
  });

  it('stops waiting for a part that hangs', async () => {
    jest.useFakeTimers();
    try {
      const loader = createRemoteLoader(() => new Promise<never>(() => undefined));
      const started = startEarly('/app/dashboard', { loader, loadArea: async () => 'area', loadClient: async () => client }, employee);
      jest.advanceTimersByTime(EARLY_START_WAIT_MS);
      await expect(started).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});

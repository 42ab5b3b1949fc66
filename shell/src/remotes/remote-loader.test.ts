import type { RemoteAppProps } from '@embark/shared-ui';
import { createRemoteLoader, RemoteLoadError } from './remote-loader';

const App = (_props: RemoteAppProps) => null;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createRemoteLoader', () => {
  it('loads `<name>/App` once and shares the result', async () => {
    const load = jest.fn(async () => ({ default: App }));
    const loader = createRemoteLoader(load);
    const first = loader.load('employee_mfe');
    expect(loader.load('employee_mfe')).toBe(first);
    await expect(first).resolves.toEqual({ default: App });
    expect(loader.load('employee_mfe')).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('employee_mfe/App');
  });

  it('loads each remote separately', async () => {
    const load = jest.fn(async () => ({ default: App }));
    const loader = createRemoteLoader(load);
    await loader.load('admin_mfe');
    expect(load.mock.calls).toEqual([['admin_mfe/App']]);
  });

  it('keeps a failure until it is forgotten, then really re-attempts (Try Again)', async () => {
    const load = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('ScriptNetworkError: remoteEntry.js unreachable'))
      .mockResolvedValueOnce({ default: App });
    const loader = createRemoteLoader(load);

    const failed = loader.load('employee_mfe');
    await expect(failed).rejects.toThrow(RemoteLoadError);
    await expect(failed).rejects.toThrow('Could not load employee_mfe/App: ScriptNetworkError: remoteEntry.js unreachable');
    // Re-rendering must not start a new download each time.
    expect(loader.load('employee_mfe')).toBe(failed);
    expect(load).toHaveBeenCalledTimes(1);

    loader.forgetFailure('employee_mfe');
    const retried = loader.load('employee_mfe');
    expect(retried).not.toBe(failed);
    await expect(retried).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('can fail again after a retry, and retry again', async () => {
    const load = jest.fn<Promise<unknown>, [string]>().mockRejectedValue(new Error('down'));
    const loader = createRemoteLoader(load);
    await expect(loader.load('admin_mfe')).rejects.toThrow('down');
    loader.forgetFailure('admin_mfe');
    await expect(loader.load('admin_mfe')).rejects.toThrow('down');
    loader.forgetFailure('admin_mfe');
    load.mockResolvedValueOnce({ default: App });
    await expect(loader.load('admin_mfe')).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never forgets a load in flight or a success', async () => {
    const pending = deferred<unknown>();
    const load = jest.fn(() => pending.promise);
    const loader = createRemoteLoader(load);
    const first = loader.load('employee_mfe');
    loader.forgetFailure('employee_mfe');
    expect(loader.load('employee_mfe')).toBe(first);
    pending.resolve({ default: App });
    await first;
    loader.forgetFailure('employee_mfe');
    expect(loader.load('employee_mfe')).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['null (loadRemote found nothing)', null],
    ['a module without a default export', { App }],
    ['a non-component default export', { default: 'App' }],
  ])('rejects %s', async (_label, mod) => {
    const loader = createRemoteLoader(async () => mod);
    await expect(loader.load('employee_mfe')).rejects.toThrow('employee_mfe/App did not export a default React component.');
  });

  it('annotates settled promises for React use()', async () => {
    const loader = createRemoteLoader(async () => ({ default: App }));
    const promise = loader.load('employee_mfe') as Promise<unknown> & { status?: string; value?: unknown };
    expect(promise.status).toBe('pending');
    await promise;
    expect(promise.status).toBe('fulfilled');
    expect(promise.value).toEqual({ default: App });
  });
});

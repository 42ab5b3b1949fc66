import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useToast, type ToastApi } from '../contracts/toasts';
import { toastDuration, TOAST_DURATION_MS } from '../kit/toast-timing';
import { ToastProvider } from './Toast';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}

function setup(max?: number) {
  render(
    <ToastProvider {...(max ? { max } : {})}>
      <Capture />
    </ToastProvider>,
  );
}

const visible = () =>
  screen.queryAllByRole('listitem').map((li) => li.querySelector('.ui-toast__message')?.textContent);

/** Advances fake time inside act(), so timers' state updates are flushed. */
function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('toastDuration', () => {
  it.each([
    [{}, 5_000],
    [{ type: 'info' as const }, 5_000],
    [{ type: 'success' as const }, 5_000],
    [{ type: 'warning' as const }, 6_000],
    [{ type: 'error' as const }, 8_000],
    [{ type: 'error' as const, duration: 2_000 }, 2_000],
    [{ type: 'error' as const, duration: 0 }, 5_000],
    [{ duration: Number.NaN }, 5_000],
    [{ type: 'error' as const, persistent: true }, null],
  ])('%j → %p', (options, expected) => {
    expect(toastDuration(options)).toBe(expected);
  });

  it('reads the durations from the kit constants', () => {
    expect(TOAST_DURATION_MS).toEqual({ success: 5_000, info: 5_000, warning: 6_000, error: 8_000 });
  });
});

describe('ToastProvider timing', () => {
  it.each([
    ['info', 5_000],
    ['success', 5_000],
    ['warning', 6_000],
    ['error', 8_000],
  ] as const)('closes a %s toast after %d ms, not before', (type, ms) => {
    setup();
    act(() => {
      api[type]('Saved');
    });
    advance(ms - 1);
    expect(visible()).toEqual(['Saved']);
    advance(1);
    expect(visible()).toEqual([]);
  });

  it('uses 5 s when no type is given', () => {
    setup();
    act(() => {
      api.show('Hello');
    });
    advance(4_999);
    expect(visible()).toEqual(['Hello']);
    advance(1);
    expect(visible()).toEqual([]);
  });

  it('honours an explicit duration', () => {
    setup();
    act(() => {
      api.error('Quick', { duration: 1_000 });
    });
    advance(1_000);
    expect(visible()).toEqual([]);
  });

  it('keeps a persistent toast until it is dismissed', () => {
    setup();
    let id = '';
    act(() => {
      id = api.warning('Stays', { persistent: true });
    });
    advance(60_000);
    expect(visible()).toEqual(['Stays']);
    act(() => api.dismiss(id));
    expect(visible()).toEqual([]);
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    setup();
    act(() => {
      api.info('Hover me');
    });
    advance(3_000);
    const toast = screen.getByRole('listitem');
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(visible()).toEqual(['Hover me']);
    fireEvent.mouseLeave(toast);
    advance(1_999);
    expect(visible()).toEqual(['Hover me']);
    advance(1);
    expect(visible()).toEqual([]);
  });

  it('stays paused while the keyboard is on it, whatever the pointer does', () => {
    setup();
    act(() => {
      api.info('Focus me');
    });
    const toast = screen.getByRole('listitem');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    fireEvent.mouseEnter(toast);
    fireEvent.mouseLeave(toast);
    advance(60_000);
    expect(visible()).toEqual(['Focus me']);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    advance(5_000);
    expect(visible()).toEqual([]);
  });

  it('restarts the timer when the same message is shown again, instead of stacking a copy', () => {
    setup();
    let first = '';
    let second = '';
    act(() => {
      first = api.error('Your session has expired. Please log in again.');
    });
    advance(7_000);
    act(() => {
      second = api.error('Your session has expired. Please log in again.');
    });
    expect(second).toBe(first);
    expect(visible()).toHaveLength(1);
    advance(7_999);
    expect(visible()).toHaveLength(1);
    advance(1);
    expect(visible()).toEqual([]);
  });
});

describe('ToastProvider rendering', () => {
  it('is dismissible by default through a named button', () => {
    setup();
    act(() => {
      api.success('Profile saved');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(visible()).toEqual([]);
  });

  it('dismissed from the keyboard, hands the focus to the next toast, else to the main content', () => {
    render(
      <ToastProvider>
        <Capture />
        <main tabIndex={-1}>Page</main>
      </ToastProvider>,
    );
    act(() => {
      api.success('First');
      api.info('Second');
    });
    const [first, second] = screen.getAllByRole('button', { name: 'Dismiss' }) as [HTMLElement, HTMLElement];
    act(() => first.focus());
    fireEvent.click(first);
    expect(visible()).toEqual(['Second']);
    expect(document.activeElement).toBe(second);
    fireEvent.click(second);
    expect(visible()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('dismissed with the pointer, hands nothing on: the next toast keeps counting down', () => {
    setup();
    act(() => {
      api.success('First');
      api.info('Second');
    });
    const [first] = screen.getAllByRole('button', { name: 'Dismiss' }) as [HTMLElement, HTMLElement];
    // A browser focuses a clicked button; the click itself carries its count (detail 1).
    act(() => first.focus());
    fireEvent.click(first, { detail: 1 });
    expect(visible()).toEqual(['Second']);
    advance(5_000);
    expect(visible()).toEqual([]);
  });

  it('announces a message shown again afresh (a new live node with the same words)', () => {
    setup();
    act(() => {
      api.error('Could not save');
    });
    const before = screen.getByRole('alert');
    act(() => {
      api.error('Could not save');
    });
    const after = screen.getByRole('alert');
    expect(after.textContent).toBe('Could not save');
    expect(after).not.toBe(before);
  });

  it('has no close button when dismissible is false', () => {
    setup();
    act(() => {
      api.info('Read me', { dismissible: false });
    });
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('announces success and info politely (status), errors and warnings assertively (alert)', () => {
    setup();
    act(() => {
      api.success('Done');
      api.info('FYI');
      api.warning('Careful');
      api.error('Failed');
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Done', 'FYI']);
    expect(screen.getAllByRole('alert').map((s) => s.textContent)).toEqual(['Careful', 'Failed']);
  });

  it('shows a title above the message', () => {
    setup();
    act(() => {
      api.error('Try again in a minute.', { title: 'Upload failed' });
    });
    expect(within(screen.getByRole('alert')).getByText('Upload failed')).toBeTruthy();
  });

  it('keeps at most `max` toasts, dropping the oldest', () => {
    setup(2);
    act(() => {
      api.info('one');
      api.info('two');
      api.info('three');
    });
    expect(visible()).toEqual(['two', 'three']);
  });

  it('lives in a list named Messages', () => {
    setup();
    expect(screen.getByRole('list', { name: 'Messages' })).toBeTruthy();
  });

  it('returns distinct ids, and dismissing an unknown id is harmless', () => {
    setup();
    let a = '';
    let b = '';
    act(() => {
      a = api.info('a');
      b = api.info('b');
    });
    expect(a).not.toBe(b);
    act(() => api.dismiss('nope'));
    expect(visible()).toEqual(['a', 'b']);
  });
});

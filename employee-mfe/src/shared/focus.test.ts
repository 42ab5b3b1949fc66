import { refocusIfLost } from './focus';

beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = '<button id="swap" disabled>Set back</button><button id="other">Other</button>';
});
afterEach(() => jest.useRealTimers());

const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

describe('refocusIfLost', () => {
  it('waits for a button that is still disabled by the busy state, then focuses it', () => {
    refocusIfLost('swap');
    jest.advanceTimersByTime(0);
    expect(document.activeElement).toBe(document.body);
    button('swap').disabled = false;
    jest.advanceTimersByTime(20);
    expect(document.activeElement).toBe(button('swap'));
  });

  it('leaves focus the user moved meanwhile where it is', () => {
    button('swap').disabled = false;
    refocusIfLost('swap');
    button('other').focus();
    jest.advanceTimersByTime(0);
    expect(document.activeElement).toBe(button('other'));
  });

  it('takes the first of the ids on the page, and gives up on a button that stays disabled', () => {
    refocusIfLost('gone', 'swap');
    jest.advanceTimersByTime(1_000);
    expect(document.activeElement).toBe(document.body);
    button('swap').disabled = false;
    jest.advanceTimersByTime(1_000);
    expect(document.activeElement).toBe(document.body);
    refocusIfLost('gone', 'swap');
    jest.advanceTimersByTime(0);
    expect(document.activeElement).toBe(button('swap'));
  });
});

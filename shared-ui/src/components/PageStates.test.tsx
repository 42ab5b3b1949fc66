import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { EmptyList, ErrorState, LoadingState } from './PageStates';
import { useDebouncedValue } from './useDebouncedValue';

describe('LoadingState', () => {
  it('is a status named after what is loading', () => {
    render(<LoadingState label="Loading users" className="ui-state--tall" />);
    expect(screen.getByRole('status', { name: 'Loading users' }).closest('.ui-state')?.className).toBe('ui-state ui-state--tall');
  });
});

describe('ErrorState', () => {
  it('announces the message and retries on request', () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Failed to load users" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load users');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('calls retry without arguments and drops its rejection', async () => {
    const refetch = jest.fn((...args: unknown[]) => (args.length === 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
    render(<ErrorState message="Failed to load users" onRetry={refetch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await act(async () => undefined);
    expect(refetch).toHaveBeenCalledWith();
  });

  it("takes the page's own retry wording, and offers no button without onRetry", () => {
    const { rerender } = render(<ErrorState message="Could not load" onRetry={() => undefined} retryLabel="Retry" />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    rerender(<ErrorState message="Could not load" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('EmptyList', () => {
  it('shows the title, the hint and the action', () => {
    render(<EmptyList title="No documents yet" hint="Add the first one." action={<button type="button">New Document</button>} />);
    expect(screen.getByText('No documents yet').className).toBe('ui-empty__title');
    expect(screen.getByText('Add the first one.').className).toBe('ui-empty__description');
    expect(screen.getByRole('button', { name: 'New Document' })).toBeTruthy();
  });
});

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('settles on the last value once changes pause for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'abc' });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });
});

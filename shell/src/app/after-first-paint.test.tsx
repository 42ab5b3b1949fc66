import { act, render, screen } from '@testing-library/react';
import { AFTER_FIRST_PAINT_TIMEOUT_MS, useAfterFirstPaint } from './after-first-paint';
import { heldIdleCallback } from './test-support';

function Probe({ name, renders }: { name: string; renders: boolean[] }) {
  const painted = useAfterFirstPaint();
  renders.push(painted);
  return <span data-testid={name}>{String(painted)}</span>;
}

describe('useAfterFirstPaint', () => {
  const { idle, requestIdleCallback } = heldIdleCallback();

  it('waits for a drawn frame and an idle moment, once; later mounts start at once', async () => {
    const first: boolean[] = [];
    render(<Probe name="first" renders={first} />);
    expect(screen.getByTestId('first').textContent).toBe('false');

    // The idle wait starts only after the next frame, and is capped.
    await act(() => new Promise<void>((resolve) => window.requestAnimationFrame(() => resolve())));
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: AFTER_FIRST_PAINT_TIMEOUT_MS });
    expect(screen.getByTestId('first').textContent).toBe('false');

    act(() => idle[0]?.());
    expect(screen.getByTestId('first').textContent).toBe('true');

    // A layout mounted later (another sign-in in the same tab) has nothing left to wait for.
    const later: boolean[] = [];
    render(<Probe name="later" renders={later} />);
    expect(later[0]).toBe(true);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  });
});

// A file of its own: the hook remembers a drawn frame for the whole module, and this case starts cold.
import { act, render, screen } from '@testing-library/react';
import { AFTER_FIRST_PAINT_TIMEOUT_MS, useAfterFirstPaint } from './after-first-paint';

function Probe() {
  return <span data-testid="painted">{String(useAfterFirstPaint())}</span>;
}

it('starts the data of a tab opened in the background, which draws no frame, after the timeout', () => {
  jest.useFakeTimers();
  // A hidden tab: animation frames never come.
  const requestAnimationFrame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  try {
    render(<Probe />);
    act(() => jest.advanceTimersByTime(AFTER_FIRST_PAINT_TIMEOUT_MS - 1));
    expect(screen.getByTestId('painted').textContent).toBe('false');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('painted').textContent).toBe('true');
    expect(requestAnimationFrame).toHaveBeenCalled();
  } finally {
    requestAnimationFrame.mockRestore();
    jest.useRealTimers();
  }
});

import { render, screen } from '@testing-library/react';
import { ProgressSummary } from './ProgressSummary';

describe('ProgressSummary', () => {
  it('shows the label and the count, and a progress bar named by the label', () => {
    render(<ProgressSummary label="Your progress" count="3 / 8" percent={38} />);
    expect(screen.getByText('3 / 8').className).toBe('ui-progress-summary__count');
    expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuenow')).toBe('38');
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { Badge, Button, Card, EmptyState, ErrorScreen, Icon, PageHeader, ProgressBar, Spinner } from '.';
import { ERROR_SCREEN_TEXT } from '../kit/messages';

describe('Button', () => {
  it('is a named button that never submits by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('ui-button--primary');
  });

  it('is disabled and busy while busy', () => {
    const onClick = jest.fn();
    render(
      <Button busy onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Spinner', () => {
  it('is a status with an accessible name', () => {
    render(<Spinner label="Loading roles" />);
    expect(screen.getByRole('status', { name: 'Loading roles' })).toBeTruthy();
  });

  it('defaults its name to the loading text', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });
});

describe('ProgressBar', () => {
  it('exposes a named progressbar with clamped values', () => {
    render(<ProgressBar label="Onboarding progress" value={140} />);
    const bar = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('100%');
  });

  it.each([
    [100, 'complete'],
    [75, 'good'],
    [74, 'warning'],
    [50, 'warning'],
    [49, 'danger'],
    [Number.NaN, 'danger'],
  ])('colours %p as %s', (value, tone) => {
    const { container } = render(<ProgressBar label="p" value={value} />);
    expect(container.firstElementChild?.className).toContain(`ui-progress--${tone}`);
  });
});

describe('Card', () => {
  it('is a region named by its title', () => {
    render(
      <Card title="Roles">
        <p>body</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Roles' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Roles' })).toBeTruthy();
  });

  it('is a plain surface without a title', () => {
    render(<Card>body</Card>);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('EmptyState', () => {
  it('shows its title, description and action', () => {
    render(<EmptyState title="Nothing yet" description="Come back later" action={<Button>Refresh</Button>} />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.getByText('Come back later')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });
});

describe('ErrorScreen', () => {
  it("shows the spec's heading, message and three named buttons", () => {
    render(<ErrorScreen onRetry={() => {}} onReload={() => {}} onGoToDashboard={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.');
    const region = screen.getByRole('region', { name: 'Something went wrong' });
    const names = within(region)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Reload Page', 'Try Again', 'Go to Dashboard']);
  });

  it('wires each button to its action', () => {
    const onRetry = jest.fn();
    const onReload = jest.fn();
    const onGoToDashboard = jest.fn();
    render(<ErrorScreen onRetry={onRetry} onReload={onReload} onGoToDashboard={onGoToDashboard} />);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_TEXT.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_TEXT.reload }));
    expect(onReload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_TEXT.dashboard }));
    expect(onGoToDashboard).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to reloading when there is nothing to retry', () => {
    const onReload = jest.fn();
    render(<ErrorScreen onReload={onReload} onGoToDashboard={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('accepts a custom title, message and heading level', () => {
    render(<ErrorScreen title="Embark could not start" message="Config missing" headingLevel={2} detail="HTTP 404" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Embark could not start' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Config missing');
    expect(screen.getByText('HTTP 404')).toBeTruthy();
  });
});

describe('Badge', () => {
  it('renders its text with a tone class', () => {
    render(<Badge tone="success">Done</Badge>);
    expect(screen.getByText('Done').className).toContain('ui-badge--success');
  });
});

describe('PageHeader', () => {
  it('renders one h1 with its description and actions', () => {
    render(<PageHeader title="My Journal" eyebrow="Learning" description="Your notes" actions={<Button>New entry</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Journal' })).toBeTruthy();
    expect(screen.getByText('Your notes')).toBeTruthy();
    expect(screen.getByText('Learning')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New entry' })).toBeTruthy();
  });
});

describe('Icon', () => {
  it('is decorative: hidden from assistive technology and not focusable', () => {
    const { container } = render(<Icon name="bell" size={18} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.getAttribute('width')).toBe('18');
  });
});

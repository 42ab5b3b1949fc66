import { fireEvent, render, screen } from '@testing-library/react';
import { PasswordField } from './fields';

describe('PasswordField', () => {
  it('shown as text, stays a password to the keyboard: no capitals, corrections or spell checking', () => {
    render(<PasswordField label="Password" error={undefined} name="password" autoComplete="current-password" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(input.getAttribute('autocapitalize')).toBe('none');
    expect(input.getAttribute('autocorrect')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});

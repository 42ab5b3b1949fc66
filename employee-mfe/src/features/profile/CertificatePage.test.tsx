import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { ProfileOverviewDocument } from '../../__generated__/graphql';
import { CertificatePage } from './CertificatePage';
import { profileOverview, type OverviewOptions } from './profile-test-data';

type Mocks = NonNullable<MockedProviderProps['mocks']>;
const answer = (options: OverviewOptions): Mocks[number] => ({ request: { query: ProfileOverviewDocument }, result: { data: profileOverview(options) } });

async function renderCertificate(mocks: Mocks, print = jest.fn()) {
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={['/app/profile/certificate']}>
          <CertificatePage print={print} />
        </MemoryRouter>
      </MockedProvider>,
    );
  });
  return print;
}

describe('the completion certificate', () => {
  it('everything done: name, role and completion date (the latest completion), printable', async () => {
    const print = await renderCertificate([
      answer({ total: 3, completed: 3, completedAt: ['2026-03-05T10:00:00.000Z', '2026-03-18T15:30:00.000Z', '2026-03-11T09:00:00.000Z'] }),
    ]);
    const certificate = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your certificate' })).toBeTruthy();
    expect(within(certificate).getByTestId('certificate-name').textContent).toBe('Nina New');
    expect(within(certificate).getByTestId('certificate-role').textContent).toBe('as Employee');
    expect(within(certificate).getByText('has successfully completed the Embark onboarding programme')).toBeTruthy();
    const date = within(certificate).getByTestId('certificate-date');
    expect(date.textContent).toBe('March 18, 2026');
    expect(date.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-18T15:30:00.000Z');
    expect(within(certificate).getByText('March 2, 2026')).toBeTruthy();
    expect(document.title).toBe('Certificate — Embark');

    fireEvent.click(screen.getByRole('button', { name: 'Print certificate' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/app/profile');
  });

  it("not everything done: a friendly 'not yet' with the progress, and no certificate to print", async () => {
    await renderCertificate([answer({ total: 8, completed: 6 })]);
    expect(await screen.findByText('Your certificate is not ready yet')).toBeTruthy();
    expect(screen.getByText('You have 2 tasks left. Finish your checklist to earn your certificate.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('6 of 8 tasks completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my checklist' }).getAttribute('href')).toBe('/app/checklist');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print certificate' })).toBeNull();
  });

  it("the manager's open task does not hold back the certificate, nor date it", async () => {
    await renderCertificate([
      answer({
        total: 2,
        completed: 2,
        completedAt: ['2026-03-05T10:00:00.000Z', '2026-03-18T15:30:00.000Z'],
        managerTasks: [{ completed: false }, { completed: true, completed_at: '2026-03-25T09:00:00.000Z' }],
      }),
    ]);
    const certificate = await screen.findByRole('article', { name: 'Certificate of Completion' });
    await waitFor(() => expect(within(certificate).getByTestId('certificate-date').textContent).toBe('March 18, 2026'));
    expect(within(certificate).getByText('Tasks completed').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Print certificate' }).hasAttribute('disabled')).toBe(false);
  });

  it("not yet: counts what is left of the hire's own tasks only", async () => {
    await renderCertificate([answer({ total: 2, completed: 1, managerTasks: [{ completed: false }, { completed: true, completed_at: '2026-03-25T09:00:00.000Z' }] })]);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('You have 1 task left. Finish your checklist to earn your certificate.').textContent).toContain('1 task left');
    expect(screen.getByText('1 of 2 tasks completed').className).toBe('certificate-not-yet__count');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('one task left reads in the singular', async () => {
    await renderCertificate([answer({ total: 2, completed: 1 })]);
    expect(await screen.findByText('You have 1 task left. Finish your checklist to earn your certificate.')).toBeTruthy();
  });

  it('no tasks for the role: nothing to earn', async () => {
    await renderCertificate([answer({ total: 0, completed: 0 })]);
    expect(await screen.findByText('There are no onboarding tasks for your role, so there is no certificate to earn.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('loading, then a failure with a retry', async () => {
    await renderCertificate([{ request: { query: ProfileOverviewDocument }, error: new Error('offline') }, answer({ total: 1, completed: 1 })]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your profile. Please try again.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })));
    expect(await screen.findByRole('article', { name: 'Certificate of Completion' })).toBeTruthy();
  });

  it('shows a spinner while loading', async () => {
    await renderCertificate([{ request: { query: ProfileOverviewDocument }, delay: Infinity }]);
    expect(screen.getByRole('status', { name: 'Loading your certificate' })).toBeTruthy();
  });
});

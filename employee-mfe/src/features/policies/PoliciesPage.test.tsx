import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { gql, InMemoryCache } from '@apollo/client';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { AuthContext, STORAGE_KEYS, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import { AcknowledgePolicyDocument, CompanyPoliciesDocument, MarkPolicyViewedDocument, type CompanyPolicyFieldsFragment } from '../../__generated__/graphql';
import { formatAcknowledgedAt, policyState } from './components/PolicyCard';
import { PoliciesPage } from './PoliciesPage';

type Mocks = NonNullable<MockedProviderProps['mocks']>;
type PolicyFixture = CompanyPolicyFieldsFragment & { __typename: 'CompanyPolicy' };

const ACKED_AT = '2025-03-04T14:30:00.000Z';

function policy(overrides: Partial<PolicyFixture> & Pick<PolicyFixture, 'id' | 'title'>): PolicyFixture {
  return {
    __typename: 'CompanyPolicy',
    description: `What ${overrides.title} asks of you.`,
    url: `https://docs.example.com/policy/${overrides.id}`,
    document_class_name: 'Policy',
    updated_at: '2025-03-01T09:00:00.000Z',
    version: 1,
    viewed: false,
    acknowledged: false,
    acknowledgement: null,
    ...overrides,
  };
}

const samplePolicies = () => [
  policy({ id: 1, title: 'Code of Conduct', acknowledged: true, viewed: true, acknowledgement: { __typename: 'PolicyAcknowledgementRecord', version: 1, acknowledged_at: ACKED_AT } as PolicyFixture['acknowledgement'] }),
  policy({ id: 2, title: 'Information Security Policy', version: 3, acknowledgement: { __typename: 'PolicyAcknowledgementRecord', version: 2, acknowledged_at: ACKED_AT } as PolicyFixture['acknowledgement'] }),
  policy({ id: 3, title: 'Remote Work Policy', url: null }),
];

const listMock = (policies: PolicyFixture[] = samplePolicies()): Mocks[number] => ({ request: { query: CompanyPoliciesDocument }, result: { data: { companyPolicies: policies } } });

function signedIn() {
  return { status: 'authenticated', user: { id: 42, name: 'Emma', email: 'e@example.com', role_id: 1 }, isAdmin: false, refreshUser: jest.fn(async () => undefined), logout: jest.fn() };
}

async function renderPolicies(mocks: Mocks, { cache, auth = signedIn() }: { cache?: InMemoryCache; auth?: ReturnType<typeof signedIn> } = {}) {
  const toasts = { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
  await act(async () => {
    render(
      <MockedProvider mocks={mocks} cache={cache}>
        <AuthContext.Provider value={auth as unknown as AuthContextValue}>
          <ToastContext.Provider value={toasts}>
            <MemoryRouter initialEntries={['/app/policies']}>
              <PoliciesPage />
            </MemoryRouter>
          </ToastContext.Provider>
        </AuthContext.Provider>
      </MockedProvider>,
    );
  });
  return toasts;
}

/** Lets the mocked network answer, inside act so React applies the updates. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
  });
}

const item = (title: string) => screen.getByRole('listitem', { name: title });

beforeEach(() => {
  window.localStorage.clear();
});

describe('PoliciesPage', () => {
  it('lists the company policies with their state: acknowledged (with its time), updated since, not yet', async () => {
    // The answer is held long enough that the loading state is seen even on a busy machine (a
    // 30 ms hold was sometimes over before the first assertion ran).
    // Long enough that a slow first render on a busy CI machine cannot outlast the loading state.
    await renderPolicies([{ ...listMock(), delay: 1500 }]);
    expect(screen.getByRole('status', { name: 'Loading company policies' })).toBeTruthy();
    expect(await screen.findByText('1 of 3 policies acknowledged', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Company Policies' })).toBeTruthy();

    const conduct = within(item('Code of Conduct'));
    expect(conduct.getByText('Acknowledged')).toBeTruthy();
    const time = conduct.getByText(`Acknowledged on ${formatAcknowledgedAt(ACKED_AT)}`);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(ACKED_AT);
    expect(conduct.queryByRole('button', { name: /^Acknowledge/ })).toBeNull();

    const security = within(item('Information Security Policy'));
    expect(security.getByText('Updated')).toBeTruthy();
    expect(security.getByText(/Updated since you acknowledged version 2/)).toBeTruthy();
    expect(security.getByText(/Version 3/)).toBeTruthy();
    expect(security.getByRole('button', { name: 'Acknowledge Information Security Policy' })).toBeTruthy();

    const remote = within(item('Remote Work Policy'));
    expect(remote.getByText('Action needed')).toBeTruthy();
    expect(remote.getByText('Not acknowledged yet')).toBeTruthy();
  });

  it('acknowledges a policy and shows the timestamp the server recorded', async () => {
    const at = '2025-03-10T09:15:00.000Z';
    const toasts = await renderPolicies([
      listMock(),
      { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { data: { acknowledgePolicy: { __typename: 'PolicyAcknowledgement', document_id: 3, version: 1, acknowledged_at: at } } } },
    ]);
    await settle();
    const acknowledgeButton = within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' });
    acknowledgeButton.focus();
    await act(async () => {
      fireEvent.click(acknowledgeButton);
    });
    await settle();
    expect(toasts.success).toHaveBeenCalledWith('You acknowledged "Remote Work Policy"');
    expect(within(item('Remote Work Policy')).getByText(`Acknowledged on ${formatAcknowledgedAt(at)}`)).toBeTruthy();
    expect(within(item('Remote Work Policy')).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(screen.getByText('2 of 3 policies acknowledged')).toBeTruthy();
    // The pressed button left with the acknowledgement: the keyboard stays in the same card.
    expect(document.activeElement).toBe(within(item('Remote Work Policy')).getByRole('button', { name: /^Read policy/ }));
  });

  it('a policy changed while the page was open is not acknowledged: the page says so and shows the new text', async () => {
    const [conduct, security] = samplePolicies();
    const updated = policy({ id: 3, title: 'Remote Work Policy', url: null, version: 2, description: 'The new text.' });
    const changed = 'This policy has changed since you opened it. Please read the new version.';
    const toasts = await renderPolicies([
      listMock(),
      { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { errors: [{ message: changed, extensions: { code: 'CONFLICT' } }] } },
      listMock([conduct!, security!, updated]),
    ]);
    await settle();
    const button = within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    await settle();
    await settle();
    expect(toasts.error).toHaveBeenCalledWith(changed);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(within(item('Remote Work Policy')).getByText('The new text.')).toBeTruthy();
    expect(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' })).toBeTruthy();
    expect(document.activeElement).toBe(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' }));
  });

  it('an acknowledgement pressed while a changed policy is read again is not undone by that read', async () => {
    const [conduct, security, remote] = samplePolicies();
    const changed = 'This policy has changed since you opened it. Please read the new version.';
    await renderPolicies([
      listMock(),
      { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { errors: [{ message: changed, extensions: { code: 'CONFLICT' } }] } },
      // The re-read: slow, and (on the server) read before the second acknowledgement was recorded.
      { ...listMock([conduct!, security!, { ...remote!, version: 2, description: 'The new text.' }]), delay: 300 },
      {
        request: { query: AcknowledgePolicyDocument, variables: { id: 2, version: 3 } },
        result: { data: { acknowledgePolicy: { __typename: 'PolicyAcknowledgement', document_id: 2, version: 3, acknowledged_at: ACKED_AT } } },
        delay: 20,
      },
    ]);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await act(async () => fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' })));
      // Refused: the list is being read again (its answer takes 300 ms).
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      await act(async () => fireEvent.click(within(item('Information Security Policy')).getByRole('button', { name: 'Acknowledge Information Security Policy' })));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      expect(within(item('Remote Work Policy')).getByText('The new text.')).toBeTruthy();
      expect(within(item('Information Security Policy')).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
      expect(screen.getByText('2 of 3 policies acknowledged')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a changed policy is read again only once the acknowledgements already sent are answered', async () => {
    const [conduct, security, remote] = samplePolicies();
    const changed = 'This policy has changed since you opened it. Please read the new version.';
    // The server records the acknowledgement when it answers; a list read before then shows the policy unacknowledged.
    let recordedAt = Infinity;
    const acknowledgedSecurity = { ...security!, acknowledged: true, acknowledgement: { __typename: 'PolicyAcknowledgementRecord', version: 3, acknowledged_at: ACKED_AT } as PolicyFixture['acknowledgement'] };
    await renderPolicies([
      listMock(),
      {
        request: { query: AcknowledgePolicyDocument, variables: { id: 2, version: 3 } },
        result: () => {
          recordedAt = Date.now() + 200;
          return { data: { acknowledgePolicy: { __typename: 'PolicyAcknowledgement', document_id: 2, version: 3, acknowledged_at: ACKED_AT } } };
        },
        delay: 200,
      },
      { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { errors: [{ message: changed, extensions: { code: 'CONFLICT' } }] } },
      {
        request: { query: CompanyPoliciesDocument },
        result: () => ({ data: { companyPolicies: [conduct!, Date.now() >= recordedAt ? acknowledgedSecurity : security!, { ...remote!, version: 2 }] } }),
        delay: 300,
      },
    ]);
    await settle();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await act(async () => fireEvent.click(within(item('Information Security Policy')).getByRole('button', { name: 'Acknowledge Information Security Policy' })));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      await act(async () => fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' })));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      expect(within(item('Information Security Policy')).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
      expect(screen.getByText('2 of 3 policies acknowledged')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the acknowledgement failed when the changed policy cannot be read again', async () => {
    const changed = 'This policy has changed since you opened it. Please read the new version.';
    const toasts = await renderPolicies([
      listMock(),
      { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { errors: [{ message: changed, extensions: { code: 'CONFLICT' } }] } },
      { request: { query: CompanyPoliciesDocument }, error: new Error('offline') },
    ]);
    await settle();
    await act(async () => {
      fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' }));
    });
    await settle();
    await settle();
    expect(toasts.error).toHaveBeenCalledWith('Could not record your acknowledgement. Please try again.');
    expect(toasts.error).not.toHaveBeenCalledWith(changed);
  });

  it('with two acknowledgements under way, only the last one pressed moves the focus', async () => {
    const ack = (id: number, version: number, delay: number): Mocks[number] => ({
      request: { query: AcknowledgePolicyDocument, variables: { id, version } },
      result: { data: { acknowledgePolicy: { __typename: 'PolicyAcknowledgement', document_id: id, version, acknowledged_at: ACKED_AT } } },
      delay,
    });
    await renderPolicies([listMock(), ack(2, 3, 50), ack(3, 1, 250)]);
    await settle();
    // The answers' order is the point: a clock the test moves, not the machine's speed, decides it.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const press = async (title: string) => {
        const button = within(item(title)).getByRole('button', { name: `Acknowledge ${title}` });
        button.focus();
        await act(async () => fireEvent.click(button));
      };
      await press('Information Security Policy');
      await press('Remote Work Policy');
      // The first answer comes while the second is busy; focus left with nothing to hold it.
      // A busy (disabled) button loses the focus in the browser; jsdom keeps it, so it is dropped here by
      // focusing a stand-in that then leaves the page.
      const standIn = document.body.appendChild(document.createElement('input'));
      act(() => standIn.focus());
      standIn.remove();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(within(item('Information Security Policy')).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
      expect(document.activeElement).toBe(document.body);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      expect(document.activeElement).toBe(within(item('Remote Work Policy')).getByRole('button', { name: /^Read policy/ }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('after acknowledging, the cached checklist and dashboard are dropped and the user re-read (the gateway completed the policy tasks that carry it)', async () => {
    const cache = new InMemoryCache();
    const CACHED = gql`
      query Cached {
        myChecklist {
          id
        }
        dashboard {
          totalTasks
        }
      }
    `;
    cache.writeQuery({ query: CACHED, data: { myChecklist: [{ __typename: 'UserChecklistItem', id: 7 }], dashboard: { __typename: 'Dashboard', totalTasks: 3 } } });
    const auth = signedIn();
    await renderPolicies(
      [listMock(), { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, result: { data: { acknowledgePolicy: { __typename: 'PolicyAcknowledgement', document_id: 3, version: 1, acknowledged_at: ACKED_AT } } } }],
      { cache, auth },
    );
    await settle();
    expect(cache.readQuery({ query: CACHED })).not.toBeNull();
    await act(async () => {
      fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' }));
    });
    await settle();
    expect(cache.readQuery({ query: CACHED })).toBeNull();
    expect(auth.refreshUser).toHaveBeenCalledTimes(1);
    // The policies themselves stay cached (the page shows them without a refetch).
    expect(within(item('Remote Work Policy')).getByText(`Acknowledged on ${formatAcknowledgedAt(ACKED_AT)}`)).toBeTruthy();
  });

  it('says so when the acknowledgement fails, and lets the user try again', async () => {
    const toasts = await renderPolicies([listMock(), { request: { query: AcknowledgePolicyDocument, variables: { id: 3, version: 1 } }, error: new Error('offline') }]);
    await settle();
    await act(async () => {
      fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' }));
    });
    await settle();
    expect(toasts.error).toHaveBeenCalledWith('Could not record your acknowledgement. Please try again.');
    expect((within(item('Remote Work Policy')).getByRole('button', { name: 'Acknowledge Remote Work Policy' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens a policy in a new tab and records the view; without a link it says so', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const sent = jest.fn();
    const toasts = await renderPolicies([
      listMock(),
      {
        request: { query: MarkPolicyViewedDocument, variables: { id: 2 } },
        result: () => {
          sent();
          return { data: { markDocumentViewed: { __typename: 'DocumentViewed', document_id: 2, viewed: true, viewed_at: ACKED_AT } } };
        },
      },
    ]);
    await settle();
    await act(async () => {
      fireEvent.click(within(item('Information Security Policy')).getByRole('button', { name: 'Read policy: Information Security Policy (opens in a new tab)' }));
    });
    await settle();
    expect(open).toHaveBeenCalledWith('https://docs.example.com/policy/2', '_blank');
    expect(sent).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.viewedDocuments) ?? '{}')).toEqual({ 42: [2] });

    fireEvent.click(within(item('Remote Work Policy')).getByRole('button', { name: 'Read policy' }));
    expect(toasts.error).toHaveBeenCalledWith('No URL available for this document');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a policy whose link is not http(s) reads and acts as one without a link', async () => {
    const open = jest.spyOn(window, 'open');
    const toasts = await renderPolicies([listMock([policy({ id: 4, title: 'Data Handling Policy', url: 'javascript:alert(1)' })])]);
    await settle();
    const button = within(item('Data Handling Policy')).getByRole('button', { name: 'Read policy' });
    fireEvent.click(button);
    expect(toasts.error).toHaveBeenCalledWith('No URL available for this document');
    expect(open).not.toHaveBeenCalled();
  });

  it('shows an empty state and a load error with a retry', async () => {
    await renderPolicies([listMock([])]);
    await settle();
    expect(screen.getByText('No company policies for your role yet')).toBeTruthy();
  });

  it('offers Try Again when loading fails', async () => {
    await renderPolicies([{ request: { query: CompanyPoliciesDocument }, error: new Error('down') }, listMock()]);
    await settle();
    expect(within(screen.getByRole('alert')).getByText('Failed to load company policies. Please try again.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    await settle();
    expect(screen.getByRole('list', { name: 'Company policies' })).toBeTruthy();
  });

  it('policyState: acknowledged, updated since an earlier version, or pending', () => {
    expect(policyState({ acknowledged: true, acknowledgement: { version: 1, acknowledged_at: ACKED_AT } })).toBe('acknowledged');
    expect(policyState({ acknowledged: false, acknowledgement: { version: 1, acknowledged_at: ACKED_AT } })).toBe('updated');
    expect(policyState({ acknowledged: false, acknowledgement: null })).toBe('pending');
  });
});

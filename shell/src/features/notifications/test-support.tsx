// The bell's test helpers: checklist items, a counting GraphQL server for them, the bell on a page,
// and its parts.
import { screen, within } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { MemoryRouter } from 'react-router';
import { AuthContext, type AuthContextValue } from '@embark/shared-ui';
import { testCache } from '../../app/test-support';
import { NotificationBell } from './NotificationBell';
import { NotificationsProvider } from './NotificationsProvider';

export interface Item {
  __typename: 'UserChecklistItem';
  id: number;
  title: string;
  item_order: number;
  completed: boolean;
  completed_at: string | null;
  dueDate: string;
  daysUntilDue: number;
  owner_type: 'new_hire' | 'manager' | 'buddy' | 'role';
}

export const item = (id: number, title: string, fields: Partial<Item> = {}): Item => ({
  __typename: 'UserChecklistItem',
  id,
  title,
  item_order: id,
  completed: false,
  completed_at: null,
  dueDate: '2099-01-01',
  daysUntilDue: 26_000,
  owner_type: 'new_hire',
  ...fields,
});

/** A client whose server holds `server.items`; counts the checklist requests. */
export function checklistServer(items: Item[]) {
  const server = { items, requests: 0 };
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'ShellChecklist') server.requests += 1;
    return of({ data: { myChecklist: server.items.map((i) => ({ ...i })) } });
  });
  const client = new ApolloClient({ link, cache: testCache() });
  return { server, client };
}

export const bell = () => screen.getByRole('button', { name: /^Notifications/ });
export const panel = () => document.getElementById(bell().getAttribute('aria-controls') ?? '') as HTMLElement;
export const titles = () => within(panel()).getAllByRole('listitem').map((li) => li.querySelector('.shell-bell__item-title')?.firstChild?.textContent);

/** The bell on the dashboard, for `auth`'s visitor, its checklist from `client`. */
export function bellOnPage(client: ApolloClient, auth: AuthContextValue) {
  return (
    <AuthContext.Provider value={auth}>
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={['/app/dashboard']}>
          <NotificationsProvider>
            <NotificationBell />
          </NotificationsProvider>
        </MemoryRouter>
      </ApolloProvider>
    </AuthContext.Provider>
  );
}

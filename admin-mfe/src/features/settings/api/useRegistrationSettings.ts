import { useMutation, useQuery } from '@apollo/client/react';
import { RegistrationSettingsDocument, UpdateRegistrationSettingsDocument } from '../../../__generated__/graphql';

/** Who may register: the company setting (docs/product.md#registration). */
export function useRegistrationSettings() {
  // The form copies the answer into its fields once, so it starts from the server's values,
  // never from a cached copy another administrator has changed since (Save would undo that).
  return useQuery(RegistrationSettingsDocument, { fetchPolicy: 'network-only' });
}

/** Saves the setting; the answer replaces the cached one, so every reader sees the new rule. */
export function useUpdateRegistrationSettings() {
  return useMutation(UpdateRegistrationSettingsDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: RegistrationSettingsDocument, data: { registrationSettings: data.updateRegistrationSettings } });
    },
    refetchQueries: ['LatestChanges'],
  });
}

import { useMutation, useQuery } from '@apollo/client/react';
import { ReminderSettingsDocument, UpdateReminderSettingsDocument } from '../../../__generated__/graphql';

/** Whether the company sends reminders, and after how many overdue working days it escalates. */
export function useReminderSettings() {
  // The form copies the answer into its fields once, so it starts from the server's values,
  // never from a cached copy another administrator has changed since (Save would undo that).
  return useQuery(ReminderSettingsDocument, { fetchPolicy: 'network-only' });
}

/** Saves the reminder settings; the answer replaces the cached one. */
export function useUpdateReminderSettings() {
  return useMutation(UpdateReminderSettingsDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: ReminderSettingsDocument, data: { reminderSettings: data.updateReminderSettings } });
    },
    refetchQueries: ['LatestChanges'],
  });
}

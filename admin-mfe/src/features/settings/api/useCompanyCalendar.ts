import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { CompanyCalendarDocument, HolidayPresetDocument, UpdateCompanyCalendarDocument, type HolidayPresetQuery } from '../../../__generated__/graphql';

/** The company calendar: time zone, working days and holidays (docs/product.md#due-dates). */
export function useCompanyCalendar() {
  // The form copies the answer into its fields once, so it starts from the server's values,
  // never from a cached copy another administrator has changed since (Save would undo that).
  return useQuery(CompanyCalendarDocument, { fetchPolicy: 'network-only' });
}

/** Saves the calendar; the answer (with the company's today in the new zone) replaces the cached one. */
export function useUpdateCompanyCalendar() {
  return useMutation(UpdateCompanyCalendarDocument, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: CompanyCalendarDocument, data: { companyCalendar: data.updateCompanyCalendar } });
    },
    refetchQueries: ['LatestChanges'],
  });
}

export type Holiday = HolidayPresetQuery['holidayPreset'][number];

/** The public holidays of a country in a year, asked for on demand; rejects with the server's error. */
export function useHolidayPreset(): (country: string, year: number) => Promise<Holiday[]> {
  const client = useApolloClient();
  return async (country, year) => {
    const { data, error } = await client.query({ query: HolidayPresetDocument, variables: { country, year }, fetchPolicy: 'network-only' });
    if (!data) throw error ?? new Error('no holidays');
    return data.holidayPreset;
  };
}

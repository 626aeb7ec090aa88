import { useQuery } from '@tanstack/react-query';
import { CONTACT_KEYS, fetchContactTypes } from '../contacts/contacts-api';

/** The company's contact types (for names on badges and the assignment pickers). */
export function useContactTypes(enabled = true) {
  return useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled,
    staleTime: 60_000,
  });
}

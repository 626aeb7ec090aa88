import { useQuery } from '@tanstack/react-query';
import { PAYMENT_KEYS, fetchActiveSystems } from './payments-api';

/** `GET /activeSystems`, shared by the payment systems list and the integration summary. */
export function useActiveSystems() {
  return useQuery({ queryKey: PAYMENT_KEYS.systems, queryFn: ({ signal }) => fetchActiveSystems(signal) });
}

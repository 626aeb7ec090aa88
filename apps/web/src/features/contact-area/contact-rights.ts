import type { Can } from '../../shared/permissions/use-can';

/**
 * What the list kit asks of the caller's rights, for contacts: they hold no staff permissions
 * (nothing to load); what they may see the server decides, a refusal shows as "no access".
 */
export const CONTACT_RIGHTS: Pick<Can, 'isLoading' | 'error' | 'refetch'> = {
  isLoading: false,
  error: null,
  refetch: () => {},
};

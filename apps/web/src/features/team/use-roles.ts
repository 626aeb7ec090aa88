import { useQuery } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { MAX_PAGE_LIMIT } from '@esigns/contracts/envelope';
import { fetchRoles, type TRole } from './team-api';
import { TEAM_KEYS } from './team-query-keys';

/** Every role of the company, for pickers (needs `roles:view`; otherwise not loaded). */
export function useAllRoles(enabled: boolean) {
  return useQuery({
    queryKey: TEAM_KEYS.allRoles,
    queryFn: async ({ signal }) => (await fetchRoles({ page: 1, limit: MAX_PAGE_LIMIT }, signal)).data,
    enabled,
    staleTime: 60_000,
  });
}

/** `{ value, label }` options of the roles of one user type, after a "No role" option. */
export function roleOptions(roles: readonly TRole[] | undefined, userType: UserType | '') {
  return [
    { value: '', label: 'No role' },
    ...(roles ?? [])
      .filter((role) => role.user_type === userType)
      .map((role) => ({ value: role._id, label: role.name })),
  ];
}

import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { isApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/ui/page-kit';
import { DASHBOARD_KEYS, updateDashboard } from './custom-dashboards-api';

export type AssignmentChange = {
  row: TDashboardSummary;
  user_types?: TDashboardSummary['user_types'];
  contact_type_ids?: string[];
};

/**
 * Assigns or unassigns a dashboard in place (`POST /custom-dashboard/{id}` with only the list that
 * changed and the `updated_at` shown). A 409 (changed meanwhile) says so and reloads the rows.
 */
export function useAssignmentToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, ...lists }: AssignmentChange) =>
      updateDashboard(row._id, { ...lists, expected_updated_at: row.updated_at }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TDashboardSummary[]>(DASHBOARD_KEYS.every, (rows) =>
        rows?.map((r) => (r._id === saved._id ? { ...r, ...saved, widget_count: saved.widgets.length } : r)),
      );
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all, refetchType: 'none' });
    },
    onError: (error) => {
      const changed = isApiError(error) && error.status === 409;
      notifications.show({
        color: 'red',
        message: changed
          ? 'Someone changed this dashboard meanwhile: the list is reloaded, try again.'
          : errorText(error),
      });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.every });
    },
  });
}

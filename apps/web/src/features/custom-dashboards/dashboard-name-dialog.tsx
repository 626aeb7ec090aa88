import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboard, TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
import { DASHBOARD_KEYS, createDashboard, updateDashboard } from './custom-dashboards-api';

/**
 * Name and description of a dashboard: a new one (`row` absent: `POST /custom-dashboard/create`)
 * or a rename (`POST /custom-dashboard/{id}` with the two fields). The server's 422s show under
 * their inputs.
 */
export function DashboardNameDialog({
  row,
  onClose,
  onSaved,
}: {
  row?: TDashboardSummary;
  onClose: () => void;
  onSaved?: (dashboard: TDashboard) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(row?.name ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const save = useMutation({
    mutationFn: () =>
      row
        ? updateDashboard(row._id, { name, description, expected_updated_at: row.updated_at })
        : createDashboard({ name, description }),
    onSuccess: (dashboard) => {
      notifications.show({
        color: 'teal',
        message: row ? `${dashboard.name} saved` : `${dashboard.name} created`,
      });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.all });
      onSaved?.(dashboard);
      onClose();
    },
  });
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const shownBelow = Boolean(fieldErrors.name || fieldErrors.description);
  return (
    <FormDialog
      onClose={onClose}
      title={row ? 'Rename dashboard' : 'New dashboard'}
      confirmLabel={row ? 'Save' : 'Create'}
      form={{ id: 'dashboard-name', label: 'Dashboard name', onSubmit: () => save.mutate() }}
      isPending={save.isPending}
      error={shownBelow ? undefined : save.error}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fieldErrors.name}
      />
      <Textarea
        label="Description"
        value={description}
        maxLength={500}
        rows={2}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={fieldErrors.description}
      />
    </FormDialog>
  );
}

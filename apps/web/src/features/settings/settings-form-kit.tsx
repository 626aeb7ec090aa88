import type { ReactNode } from 'react';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/session/session-store';
import { FormSkeleton, LoadError } from '../profile/screen-states';
import { settingsKey } from './settings-api';
import { SettingsArea } from './settings-area';
import { useFieldErrors } from './use-field-errors';

/**
 * A personal settings screen: the area's frame, then the group's saved settings loading, their
 * failure with a retry, or the form given them.
 */
export function SettingsFormScreen<T>({
  group,
  fetch,
  title,
  description,
  skeletonRows,
  children,
}: {
  /** The cache key's group (see `settingsKey`). */
  group: string;
  fetch: () => Promise<T>;
  title: string;
  description: string;
  skeletonRows: number;
  children: (saved: T) => ReactNode;
}) {
  const session = useSession();
  const settings = useQuery({ queryKey: settingsKey(group, session), queryFn: fetch });
  return (
    <SettingsArea title={title} description={description}>
      {settings.isPending ? (
        <FormSkeleton rows={skeletonRows} label="Loading your settings" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        children(settings.data)
      )}
    </SettingsArea>
  );
}

/**
 * Saving a settings group: the form's field errors, the mutation, and `saveValues`, which stores
 * the saved settings in the cache, runs `onSaved` and says so in a toast; a refusal goes to the form.
 */
export function useSettingsSave<T>({
  group,
  save: run,
  fields,
  message,
  onSaved,
}: {
  group: string;
  save: (body: T) => Promise<T>;
  fields: readonly string[];
  message: string;
  onSaved?: (saved: T) => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useFieldErrors(fields);
  const save = useMutation({ mutationFn: run });
  const saveValues = (values: T) =>
    save.mutate(values, {
      onSuccess: (next) => {
        queryClient.setQueryData(settingsKey(group, session), next);
        onSaved?.(next);
        notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message });
      },
      onError: form.showError,
    });
  return { form, save, saveValues };
}

/** "Save settings" (submitting the form, or `onSave`), with "Restore defaults" before it when given. */
export function SettingsSaveBar({
  isPending,
  onSave,
  onRestore,
}: {
  isPending: boolean;
  onSave?: () => void;
  onRestore?: () => void;
}) {
  return (
    <Group justify={onRestore ? 'space-between' : 'flex-end'}>
      {onRestore && (
        <Button variant="subtle" color="gray" onClick={onRestore}>
          Restore defaults
        </Button>
      )}
      <Button {...(onSave ? { onClick: onSave } : { type: 'submit' as const })} loading={isPending}>
        Save settings
      </Button>
    </Group>
  );
}

/** Grey blocks of `heights` while a settings screen loads, named for screen readers. */
export function LoadingBlocks({ label, heights }: { label: string; heights: number[] }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {heights.map((height, index) => (
        <Skeleton key={index} h={height} radius="md" />
      ))}
    </Stack>
  );
}

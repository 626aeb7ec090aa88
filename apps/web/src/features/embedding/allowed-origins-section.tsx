import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash, IconWorldWww } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_ALLOWED_ORIGINS, normalizeHostOrigin, type TAllowedOrigin } from '@esigns/contracts/embedding';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { errorText, isForbidden } from '../../shared/ui/page-kit';
import { DeleteDialog, ListView, useDeleteConfirm, type ListColumn } from '../../shared/ui/list-screen';
import {
  addAllowedOrigin,
  allowedOriginsKey,
  fetchAllowedOrigins,
  removeAllowedOrigin,
} from './embedding-api';

const ORIGIN_HINT = 'https://app.example.com (plain http only for localhost)';

/** The input's problem before asking the server, or null. */
export function originProblem(value: string, existing: readonly TAllowedOrigin[]): string | null {
  if (!value.trim()) return 'Enter an origin';
  const origin = normalizeHostOrigin(value);
  if (!origin) return `An origin such as ${ORIGIN_HINT}, without a path`;
  if (existing.some((row) => row.origin === origin)) return `${origin} is already allowed`;
  if (existing.length >= MAX_ALLOWED_ORIGINS)
    return `At most ${MAX_ALLOWED_ORIGINS} origins: remove one first`;
  return null;
}

/**
 * The host origins allowed to frame the embedded mode (`/if/{ssoAuth}/...`) and to receive its
 * events: list, add (checked here and by the server), remove after asking. Rendered by the
 * iframe-links page (/iframeLink); hidden from members who may not see it (403).
 */
export function AllowedOriginsSection() {
  const session = useSession();
  const key = allowedOriginsKey(session);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: fetchAllowedOrigins, retry: false });
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: addAllowedOrigin,
    onSuccess: () => {
      setValue('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      const field = isApiError(error) ? error.fieldErrors.origin : undefined;
      setProblem(field ?? errorText(error));
    },
  });
  const remove = useDeleteConfirm<TAllowedOrigin>({
    remove: (row) => removeAllowedOrigin(row._id),
    invalidate: key,
    notice: (row) => ({ message: `${row.origin} can no longer frame your screens` }),
  });
  if (query.isError && isForbidden(query.error)) return null;
  const rows = query.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = originProblem(value, rows);
    setProblem(found);
    if (!found) add.mutate(value.trim());
  };
  const removeButton = (row: TAllowedOrigin) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove ${row.origin}`}
      onClick={() => remove.ask(row)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  const columns: ListColumn<TAllowedOrigin>[] = [
    { key: 'origin', header: 'Origin', cell: (row) => <Text ff="monospace">{row.origin}</Text> },
    { key: 'created', header: 'Added', cell: (row) => formatDateTime(row.created_at) },
    { key: 'actions', header: '', label: 'Actions', width: 60, align: 'right', cell: removeButton },
  ];

  return (
    <Stack gap="sm" data-testid="allowed-origins">
      <div>
        <Title order={4}>Allowed host origins</Title>
        <Text size="sm" c="dimmed">
          Only these sites may show your screens in a frame (embedded mode) and receive its events. Up to{' '}
          {MAX_ALLOWED_ORIGINS}.
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            aria-label="Origin to allow"
            placeholder="https://app.example.com"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={add.isPending}>
            Allow origin
          </Button>
        </Group>
      </form>
      <ListView
        list={{ query, rows }}
        errorTitle="Could not load the allowed origins"
        empty={{
          icon: IconWorldWww,
          title: 'No host origins yet',
          text: 'Until you add one, no site can frame your screens.',
        }}
        columns={columns}
        rowKey={(row) => row._id}
        rowTestId="allowed-origin-row"
        minWidth={480}
        card={(row) => ({
          title: <Text ff="monospace">{row.origin}</Text>,
          actions: removeButton(row),
          meta: formatDateTime(row.created_at),
        })}
      />
      <DeleteDialog confirm={remove} title="Remove this origin?">
        {(row) => `${row.origin} can no longer frame your screens from its next page load.`}
      </DeleteDialog>
    </Stack>
  );
}

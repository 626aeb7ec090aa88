import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SHAREPOINT_DEFAULT_PATTERN,
  SHAREPOINT_PATTERN_TOKENS,
  patternProblem,
  type TSharePointConnection,
} from '@esigns/contracts/sharepoint';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { SHAREPOINT_KEYS, fetchDrives, fetchSites, saveSettings, testConnection } from './sharepoint-api';

/** Where copies go (site, library, folder pattern), what is copied, and "Test connection". */
export function LibraryForm({ connection }: { connection: TSharePointConnection }) {
  const [draft, setDraft] = useState({
    site_id: connection.site_id,
    drive_id: connection.drive_id,
    folder_pattern: connection.folder_pattern || SHAREPOINT_DEFAULT_PATTERN,
    copy_documents: connection.copy_documents,
    copy_workflows: connection.copy_workflows,
    enabled: connection.enabled,
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const queryClient = useQueryClient();
  const sites = useQuery({
    queryKey: SHAREPOINT_KEYS.sites(debounced),
    queryFn: ({ signal }) => fetchSites(debounced, signal),
  });
  const drives = useQuery({
    queryKey: SHAREPOINT_KEYS.drives(draft.site_id ?? ''),
    queryFn: ({ signal }) => fetchDrives(draft.site_id!, signal),
    enabled: !!draft.site_id,
  });
  const save = useMutation({
    mutationFn: () =>
      saveSettings({
        ...(draft.site_id ? { site_id: draft.site_id } : {}),
        ...(draft.drive_id ? { drive_id: draft.drive_id } : {}),
        folder_pattern: draft.folder_pattern.trim(),
        copy_documents: draft.copy_documents,
        copy_workflows: draft.copy_workflows,
        enabled: draft.enabled,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SHAREPOINT_KEYS.connection, saved);
      notifications.show({ color: 'teal', message: 'SharePoint settings saved' });
    },
  });
  const test = useMutation({ mutationFn: testConnection });
  const fieldErr = (key: string) =>
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  const siteOptions = [
    ...(connection.site_id && connection.site_name
      ? [{ value: connection.site_id, label: connection.site_name }]
      : []),
    ...(sites.data ?? [])
      .filter((s) => s.id !== connection.site_id)
      .map((s) => ({ value: s.id, label: s.name })),
  ];
  const driveOptions = (drives.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const localProblem = patternProblem(draft.folder_pattern.trim());
  return (
    <Panel>
      <Stack p="md" gap="sm">
        <Text fw={600}>Where copies go</Text>
        {save.error && !isApiError(save.error) ? <ErrorAlert>{errorText(save.error)}</ErrorAlert> : null}
        {sites.error ? <ErrorAlert>{errorText(sites.error)}</ErrorAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Site"
            placeholder="Search sites"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={siteOptions}
            value={draft.site_id}
            onChange={(value) => setDraft((d) => ({ ...d, site_id: value, drive_id: null }))}
            nothingFoundMessage={sites.isFetching ? 'Searching...' : 'No site the app can see'}
            error={fieldErr('site_id')}
          />
          <Select
            label="Document library"
            placeholder={draft.site_id ? 'Choose a library' : 'Choose a site first'}
            data={
              draft.drive_id && !driveOptions.some((o) => o.value === draft.drive_id) && connection.drive_name
                ? [{ value: draft.drive_id, label: connection.drive_name }, ...driveOptions]
                : driveOptions
            }
            value={draft.drive_id}
            onChange={(value) => setDraft((d) => ({ ...d, drive_id: value }))}
            disabled={!draft.site_id}
            error={fieldErr('drive_id') ?? (drives.error ? errorText(drives.error) : undefined)}
          />
        </SimpleGrid>
        <TextInput
          label="Folder pattern"
          description={`Folders under the library; tokens ${SHAREPOINT_PATTERN_TOKENS.join(' ')} (the date it finished).`}
          value={draft.folder_pattern}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, folder_pattern: value }));
          }}
          error={fieldErr('folder_pattern') ?? localProblem ?? undefined}
        />
        <Switch
          label="Copy sealed documents (the signed PDF and its audit trail)"
          checked={draft.copy_documents}
          onChange={(e) => setDraft((d) => ({ ...d, copy_documents: e.currentTarget.checked }))}
        />
        <Switch
          label="Copy workflow packets when a workflow finishes (ZIP)"
          checked={draft.copy_workflows}
          onChange={(e) => setDraft((d) => ({ ...d, copy_workflows: e.currentTarget.checked }))}
        />
        <Switch
          label="Copying is on"
          description="Off: nothing new is copied; the settings are kept."
          checked={draft.enabled}
          onChange={(e) => setDraft((d) => ({ ...d, enabled: e.currentTarget.checked }))}
        />
        {test.data ? (
          <Alert color={test.data.ok ? 'teal' : 'red'} data-testid="sharepoint-test-result">
            {test.data.message}
          </Alert>
        ) : null}
        {test.error ? <ErrorAlert>{errorText(test.error)}</ErrorAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            Test connection
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!!localProblem}>
            Save
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

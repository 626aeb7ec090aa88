import { useState } from 'react';
import { Button, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconApps } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TInstalledApp } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ConfirmDialog, PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { industryLabel } from './app-card';
import { APP_KEYS, fetchInstalled, installApp, uninstallApp } from './apps-api';
import { AppsNav } from './apps-nav';

/** /apps/installed: the company's installed apps: update to the version offered now, uninstall. */
export function InstalledScreen() {
  usePageTitle('Installed apps');
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TInstalledApp | null>(null);
  const [keepRecords, setKeepRecords] = useState(true);
  const installed = useQuery({
    queryKey: APP_KEYS.installed,
    queryFn: ({ signal }) => fetchInstalled(signal),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: APP_KEYS.all });
  const update = useMutation({
    mutationFn: (row: TInstalledApp) => installApp(row.app_id, false),
    onSuccess: (r) => {
      notifications.show({
        color: 'teal',
        message: `${r.name} updated to ${r.version} (${r.fields_added} new fields)`,
      });
      refresh();
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  const uninstall = useMutation({
    mutationFn: (row: TInstalledApp) => uninstallApp(row._id, keepRecords),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: `${removing?.name ?? 'The app'} uninstalled` });
      setRemoving(null);
      refresh();
    },
  });
  return (
    <PageFrame
      title="Installed apps"
      description="Apps installed in your workspace."
      actions={<AppsNav current="/apps/installed" />}
    >
      {installed.isPending ? (
        <Skeleton h={160} />
      ) : installed.isError ? (
        <QueryFailure
          query={installed}
          title="Could not load the installed apps"
          noAccess="Your role may not see apps."
        />
      ) : installed.data.length === 0 ? (
        <Panel>
          <StateMessage icon={<IconApps size={28} />} title="No app installed yet">
            <Button component={Link} to="/apps" variant="light">
              Browse the marketplace
            </Button>
          </StateMessage>
        </Panel>
      ) : (
        <Panel>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>App</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Installed</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {installed.data.map((row) => (
                  <Table.Tr key={row._id} data-testid={`installed-${row.app_id}`}>
                    <Table.Td>
                      <Text fw={500}>{row.name}</Text>
                      <Text size="xs" c="dimmed">
                        {industryLabel(row.industry_type)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.version}</Table.Td>
                    <Table.Td>{formatDate(row.installed_at)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {row.latest_version && row.latest_version !== row.version && (
                          <Button
                            size="xs"
                            onClick={() => update.mutate(row)}
                            loading={update.isPending && update.variables?._id === row._id}
                          >
                            {`Update to ${row.latest_version}`}
                          </Button>
                        )}
                        <Button size="xs" color="red" variant="light" onClick={() => setRemoving(row)}>
                          Uninstall
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Panel>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={`Uninstall ${removing?.name ?? ''}`}
        confirmLabel="Uninstall"
        onConfirm={() => removing && uninstall.mutate(removing)}
        onClose={() => setRemoving(null)}
        isPending={uninstall.isPending}
        error={uninstall.error}
      >
        <Stack gap="sm">
          <Text size="sm">
            Its views, forms, workflows, dashboards, email templates and menu groups are removed.
          </Text>
          <Checkbox
            label="Keep its entities and their records"
            checked={keepRecords}
            onChange={(e) => setKeepRecords(e.currentTarget.checked)}
          />
        </Stack>
      </ConfirmDialog>
    </PageFrame>
  );
}

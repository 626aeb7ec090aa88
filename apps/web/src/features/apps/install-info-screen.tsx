import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TInstallResult } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, Panel, QueryFailure, errorText } from '../../shared/ui/page-kit';
import { AppCard } from './app-card';
import { APP_KEYS, fetchApp, installApp } from './apps-api';
import { AppsNav } from './apps-nav';

/** The result of an install: what got a new name, and where to start. */
function Installed({ result }: { result: TInstallResult }) {
  const renamed = Object.entries(result.renamed);
  return (
    <Alert color="teal" title={`${result.name} ${result.version} is installed`} data-testid="install-result">
      <Stack gap={4}>
        <Text size="sm">
          {result.records_created > 0 ? `${result.records_created} sample records were added. ` : ''}
          {result.fields_added > 0 ? `${result.fields_added} new fields were added. ` : ''}
          Its entities are in the sidebar under Entities, and its menu group where the app adds one.
        </Text>
        {renamed.length > 0 && (
          <Text size="sm">{`Renamed where your names were taken: ${renamed.map(([, name]) => name).join(', ')}.`}</Text>
        )}
        <Group gap="xs">
          <Button component={Link} to="/entity" size="xs" variant="light">
            Open entities
          </Button>
          <Button component={Link} to="/apps/installed" size="xs" variant="default">
            Installed apps
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** /apps/install/info?app_id=: an app's details, screenshots and what it contains; install or update. */
export function InstallInfoScreen() {
  usePageTitle('Install app');
  const [params] = useSearchParams();
  const appId = params.get('app_id') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [withRecords, setWithRecords] = useState(true);
  const app = useQuery({
    queryKey: APP_KEYS.one(appId),
    queryFn: ({ signal }) => fetchApp(appId, signal),
    enabled: !!appId,
  });
  const install = useMutation({
    mutationFn: () => installApp(appId, withRecords),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: `${result.name} installed` });
      void queryClient.invalidateQueries({ queryKey: APP_KEYS.all });
    },
  });
  if (!appId) {
    void navigate('/apps', { replace: true });
    return null;
  }
  const data = app.data;
  const update = data?.installed_version && data.installed_version !== data.version;
  return (
    <PageFrame
      title={data?.name ?? 'App'}
      description="What the app adds to your workspace."
      actions={<AppsNav current="" />}
    >
      {app.isPending ? (
        <Skeleton h={260} />
      ) : app.isError || !data ? (
        <QueryFailure query={app} title="Could not load the app" noAccess="Your role may not browse apps." />
      ) : (
        <Stack gap="md">
          <AppCard app={data} />
          {data.screenshots.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {data.screenshots.map((src) => (
                <Image key={src.slice(0, 80)} src={src} alt={`${data.name} screenshot`} radius="md" />
              ))}
            </SimpleGrid>
          )}
          <Panel>
            <Stack gap="sm" p="md">
              {install.data ? (
                <Installed result={install.data} />
              ) : data.installed_version && !update ? (
                <Text size="sm">{`Version ${data.installed_version} is installed.`}</Text>
              ) : (
                <>
                  {!data.installed_version && data.contents.records > 0 && (
                    <Checkbox
                      label={`Add the ${data.contents.records} sample records`}
                      checked={withRecords}
                      onChange={(e) => setWithRecords(e.currentTarget.checked)}
                    />
                  )}
                  {install.isError && <ErrorAlert>{errorText(install.error)}</ErrorAlert>}
                  <Group>
                    <Button
                      onClick={() => install.mutate()}
                      loading={install.isPending}
                      data-testid="install-app"
                    >
                      {update ? `Update to ${data.version}` : 'Install'}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Panel>
        </Stack>
      )}
    </PageFrame>
  );
}

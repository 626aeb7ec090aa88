import { Anchor, Button, Divider, Stack } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { ListAccess } from '../../shared/ui/list-screen';
import { PageFrame } from '../../shared/ui/page-kit';
import { clientAppsKey, fetchClientApps } from '../oauth/oauth-api';
import { DeliveriesSection } from './deliveries-section';
import { EndpointsSection } from './endpoints-section';
import { EventExamples } from './event-examples';

export const DEVELOPER_PORTAL_PATH = '/developer/portal';
const API_KEYS_PATH = '/profilesettings/myapps-credentials';

function PortalBody({ appId }: { appId?: string }) {
  const rights = useCan();
  return (
    <ListAccess
      rights={rights}
      canView={rights.can('oauth:view')}
      noAccess="Your user type cannot see the API clients and webhooks."
    >
      <Stack gap="xl">
        <EndpointsSection {...(appId ? { appId } : {})} canManage={rights.can('oauth:manage-webhooks')} />
        <Divider />
        <DeliveriesSection {...(appId ? { appId } : {})} canManage={rights.can('oauth:manage-webhooks')} />
        <Divider />
        <EventExamples />
      </Stack>
    </ListAccess>
  );
}

/** /developer/portal: the API (docs, keys) and the company's webhooks: endpoints, delivery log, examples. */
export function DeveloperPortalScreen() {
  usePageTitle('Developer portal');
  return (
    <PageFrame
      title="Developer portal"
      description="Connect other systems: the REST API, OAuth client apps and signed webhooks."
      actions={
        <>
          <Button
            component="a"
            href="/api/docs"
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            API reference
          </Button>
          <Button component={Link} to={API_KEYS_PATH} variant="default" leftSection={<IconKey size={16} />}>
            API keys and client apps
          </Button>
        </>
      }
    >
      <PortalBody />
    </PageFrame>
  );
}

/** /developer/app-detail/{appId}/portal: one client app's webhooks and deliveries. */
export function AppPortalScreen() {
  const { appId = '' } = useParams();
  const session = useSession();
  const apps = useQuery({ queryKey: clientAppsKey(session), queryFn: fetchClientApps, retry: false });
  const name = apps.data?.find((app) => app.appId === appId)?.name ?? appId;
  usePageTitle(`${name}: webhooks`);
  return (
    <PageFrame
      title={`Webhooks of ${name}`}
      description={
        <Anchor component={Link} to={DEVELOPER_PORTAL_PATH} size="sm">
          <IconArrowLeft size={12} /> Developer portal
        </Anchor>
      }
    >
      <PortalBody appId={appId} />
    </PageFrame>
  );
}

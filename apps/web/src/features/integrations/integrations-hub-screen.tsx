import { Button, SimpleGrid, Skeleton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TAppIntegrationData } from '@esigns/contracts/webhooks';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { PageFrame, QueryFailure } from '../../shared/ui/page-kit';
import { CardLine, IntegrationCard } from './integration-cards';
import { INTEGRATION_KEYS, fetchAppIntegrationData } from './integrations-api';

const CREDENTIALS = '/profilesettings/myapps-credentials';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function WebhooksCard({ webhooks }: { webhooks: TAppIntegrationData['webhooks'] }) {
  const failing = webhooks.auto_disabled > 0 || webhooks.failed_last_day > 0;
  return (
    <IntegrationCard
      title="Webhooks"
      to="/developer/portal"
      action="Open the developer portal"
      testId="integration-webhooks"
      badge={
        webhooks.endpoints === 0
          ? undefined
          : failing
            ? { label: 'Needs attention', color: 'orange' }
            : { label: `${webhooks.enabled} on`, color: 'teal' }
      }
    >
      <CardLine>
        {webhooks.endpoints === 0
          ? 'Signed events (documents, records, forms, workflows) posted to your systems.'
          : `${plural(webhooks.endpoints, 'endpoint')}, ${webhooks.enabled} enabled.`}
      </CardLine>
      {webhooks.auto_disabled > 0 && (
        <CardLine>{`${plural(webhooks.auto_disabled, 'endpoint')} turned off after repeated failures.`}</CardLine>
      )}
      {webhooks.failed_last_day > 0 && (
        <CardLine>{`${plural(webhooks.failed_last_day, 'delivery', 'deliveries')} failed in the last day.`}</CardLine>
      )}
      {webhooks.last_delivered_at && (
        <CardLine>Last delivery {formatDate(webhooks.last_delivered_at)}</CardLine>
      )}
    </IntegrationCard>
  );
}

function Cards({ data }: { data: TAppIntegrationData }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <IntegrationCard
        title="API key"
        to={CREDENTIALS}
        action="Manage keys"
        testId="integration-api-key"
        badge={data.api_key ? { label: 'Active', color: 'teal' } : undefined}
      >
        <CardLine>
          {data.api_key
            ? `Client id ${data.api_key.client_id} (secret ending ${data.api_key.secret_last4})`
            : 'No API key yet: make one to call the API from your own code.'}
        </CardLine>
      </IntegrationCard>
      <IntegrationCard
        title="OAuth client apps"
        to={CREDENTIALS}
        action="Manage apps"
        testId="integration-apps"
      >
        {data.client_apps.length === 0 ? (
          <CardLine>Apps that act for your users after they allow them (OAuth 2.0 with PKCE).</CardLine>
        ) : (
          data.client_apps.map((app) => (
            <CardLine key={app.app_id}>
              {`${app.name}: ${app.scopes.join(', ') || 'no scope'}; ${plural(app.webhook_endpoints, 'webhook')}`}
            </CardLine>
          ))
        )}
      </IntegrationCard>
      <WebhooksCard webhooks={data.webhooks} />
      <IntegrationCard title="Single sign-on" to="/configuration/apiIntegrations/config" action="Set up">
        <CardLine>Your staff sign in with your OpenID Connect identity provider.</CardLine>
      </IntegrationCard>
      <IntegrationCard title="Automation pipelines" to="/automation-pipelines" action="Open pipelines">
        <CardLine>
          When something happens, do the next steps on their own: records, mails, documents.
        </CardLine>
      </IntegrationCard>
      <IntegrationCard title="Outgoing mail" to="/configuration/mail" action="Set up mail">
        <CardLine>Send the workspace's mails through your own SMTP server, from your own address.</CardLine>
      </IntegrationCard>
    </SimpleGrid>
  );
}

/**
 * /configuration and /configuration/apiIntegrations: what the workspace has connected, and where
 * each is managed.
 */
export function IntegrationsHubScreen() {
  usePageTitle('Integrations');
  const query = useQuery({
    queryKey: INTEGRATION_KEYS.data,
    queryFn: ({ signal }) => fetchAppIntegrationData(signal),
  });
  return (
    <PageFrame
      title="Integrations"
      description="Keys, client apps, webhooks, single sign-on, automation and mail: what is connected to your workspace."
      actions={
        <Button component={Link} to="/configuration/AddNewIntegration" leftSection={<IconPlus size={16} />}>
          Add integration
        </Button>
      }
    >
      {query.isError ? (
        <QueryFailure
          query={query}
          title="Could not load the integrations"
          noAccess="Only members allowed to see API clients (owners and administrators by default) see this page."
        />
      ) : query.data ? (
        <Cards data={query.data} />
      ) : (
        <Skeleton h={240} />
      )}
    </PageFrame>
  );
}

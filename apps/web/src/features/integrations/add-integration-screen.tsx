import { SimpleGrid } from '@mantine/core';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import { CardLine, IntegrationCard } from './integration-cards';

/** What can be connected, and the screen where each one is made. */
const KINDS = [
  {
    title: 'OAuth client app',
    text: 'An app of yours or a partner acts for your users once they allow it; you choose its scopes and redirect addresses.',
    to: '/profilesettings/myapps-credentials',
    action: 'Create a client app',
  },
  {
    title: 'Webhook endpoint',
    text: 'Your system receives signed events when documents, records, forms or workflows change.',
    to: '/developer/portal',
    action: 'Add an endpoint',
  },
  {
    title: 'Automation pipeline',
    text: 'When an event happens (a Hot lead is created, a form is approved), run steps: records, mails, documents, workflows, webhooks.',
    to: '/automation-pipelines/create',
    action: 'Build a pipeline',
  },
  {
    title: 'Single sign-on',
    text: 'Staff sign in through your OpenID Connect identity provider (Okta, Entra ID, Google Workspace, Keycloak).',
    to: '/configuration/apiIntegrations/config',
    action: 'Set up single sign-on',
  },
  {
    title: 'API key',
    text: 'A client id and secret for your own code calling the API as the workspace.',
    to: '/profilesettings/myapps-credentials',
    action: 'Make an API key',
  },
] as const;

/** /configuration/AddNewIntegration: the kinds of integration, each leading to where it is made. */
export function AddIntegrationScreen() {
  usePageTitle('Add integration');
  return (
    <PageFrame title="Add integration" description="Choose what to connect to your workspace.">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {KINDS.map((kind) => (
          <IntegrationCard key={kind.title} title={kind.title} to={kind.to} action={kind.action}>
            <CardLine>{kind.text}</CardLine>
          </IntegrationCard>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

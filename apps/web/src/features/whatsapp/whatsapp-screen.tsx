import { useState } from 'react';
import { Anchor, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { NoAccess, PageFrame, PermissionsFailure, QueryFailure } from '../../shared/ui/page-kit';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { PurposesPanel } from './purposes-panel';
import { useWhatsappAccounts, useWhatsappStatus } from './use-whatsapp';
import { MissingAlert, SetupSteps } from './setup-help';
import { WHATSAPP_KEYS, fetchPurposes, fetchTemplates } from './whatsapp-api';

const NO_ACCESS = 'Your user type cannot see the WhatsApp settings.';

function ConnectCard({ first, onDone }: { first: boolean; onDone?: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="whatsapp-connect">
      <Stack gap="sm">
        <Text fw={600}>{first ? 'Connect a WhatsApp Business account' : 'Connect another number'}</Text>
        {first && <SetupSteps />}
        <AccountForm onDone={onDone} />
      </Stack>
    </Card>
  );
}

function Content({ canManage }: { canManage: boolean }) {
  const [adding, setAdding] = useState(false);
  const status = useWhatsappStatus();
  const accounts = useWhatsappAccounts();
  const templates = useQuery({
    queryKey: WHATSAPP_KEYS.templates,
    queryFn: ({ signal }) => fetchTemplates(signal),
  });
  const purposes = useQuery({
    queryKey: WHATSAPP_KEYS.purposes,
    queryFn: ({ signal }) => fetchPurposes(signal),
  });
  const failed = [status, accounts, templates, purposes].find((q) => q.isError);
  if (failed)
    return <QueryFailure query={failed} title="Could not load the WhatsApp settings" noAccess={NO_ACCESS} />;
  if (!status.data || !accounts.data || !templates.data || !purposes.data) return <Skeleton h={320} />;
  const none = accounts.data.length === 0;
  return (
    <Stack gap="lg" maw={880}>
      <MissingAlert status={status.data} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          Accounts
        </Title>
        {accounts.data.map((account) => (
          <AccountCard key={account._id} account={account} canManage={canManage} />
        ))}
        {canManage && (none || adding) && <ConnectCard first={none} onDone={() => setAdding(false)} />}
        {none && !canManage && (
          <Text size="sm" c="dimmed">
            No account is connected. An owner or admin (Configure integrations) can connect one.
          </Text>
        )}
        {canManage && !none && !adding && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            w="fit-content"
          >
            Connect another number
          </Button>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Messages
        </Title>
        <Text size="sm" c="dimmed">
          Each message goes with its mail, only to contacts who opted in (contact screen) and whose phone has
          a country code.
        </Text>
        <PurposesPanel purposes={purposes.data} templates={templates.data} canManage={canManage} />
      </Stack>
      <Anchor component={Link} to="/configuration/WhatsappList" size="sm">
        Accounts and message log
      </Anchor>
    </Stack>
  );
}

/** /configuration/Whatsapp: connect accounts, test them, map purposes to approved templates. */
export function WhatsappScreen() {
  usePageTitle('WhatsApp');
  const rights = useCan();
  return (
    <PageFrame
      title="WhatsApp"
      description="Send signing links, reminders and form links over WhatsApp with your approved message templates, beside the mails."
    >
      {rights.isLoading ? (
        <Skeleton h={320} />
      ) : rights.error ? (
        <PermissionsFailure rights={rights} />
      ) : !rights.can('settings:view') ? (
        <NoAccess>{NO_ACCESS}</NoAccess>
      ) : (
        <Content canManage={rights.can('settings:manage-integrations')} />
      )}
    </PageFrame>
  );
}

import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TWhatsappAccount, TWhatsappMessage } from '@esigns/contracts/whatsapp';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, useListQuery } from '../../shared/ui/list-screen';
import { QueryFailure } from '../../shared/ui/page-kit';
import { MessageLog, PURPOSE_FILTERS, STATUS_FILTERS, type MessageFilters } from './message-log';
import { useWhatsappAccounts, useWhatsappStatus } from './use-whatsapp';
import { MissingAlert } from './setup-help';
import { WHATSAPP_KEYS, fetchMessages } from './whatsapp-api';

export const MESSAGES_PAGE_SIZE = 20;
const NO_ACCESS = 'Your user type cannot see the WhatsApp settings.';

function AccountSummary({ account }: { account: TWhatsappAccount }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="whatsapp-account-summary">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {account.name}
          </Text>
          <Text size="sm" c="dimmed">
            {account.display_phone_number || account.phone_number_id}
          </Text>
          <Text size="xs" c="dimmed">
            {account.approved_templates} approved templates
          </Text>
        </Stack>
        <Badge color={account.verified_at ? 'teal' : 'gray'} variant="light">
          {account.verified_at ? 'Verified' : 'Not verified'}
        </Badge>
      </Group>
      {account.verified_at && (
        <Text size="xs" c="dimmed" mt={4}>
          Last test {formatDateTime(account.verified_at)}
        </Text>
      )}
    </Card>
  );
}

function Accounts() {
  const status = useWhatsappStatus();
  const accounts = useWhatsappAccounts();
  if (accounts.isError) return <QueryFailure query={accounts} title="Could not load the accounts" />;
  if (!accounts.data) return <Skeleton h={80} />;
  return (
    <Stack gap="sm">
      {status.data && <MissingAlert status={status.data} />}
      <Title order={2} size="h4">
        Accounts
      </Title>
      {accounts.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No WhatsApp account is connected.{' '}
          <Anchor component={Link} to="/configuration/Whatsapp">
            Connect one
          </Anchor>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {accounts.data.map((a) => (
            <AccountSummary key={a._id} account={a} />
          ))}
        </SimpleGrid>
      )}
      <Title order={2} size="h4" mt="sm">
        Message log
      </Title>
    </Stack>
  );
}

/** /configuration/WhatsappList: the connected accounts and the message log with each status. */
export function WhatsappListScreen() {
  usePageTitle('WhatsApp integrations');
  const rights = useCan();
  const canView = rights.can('settings:view');
  const list = useListQuery<TWhatsappMessage, MessageFilters>({
    pageSize: MESSAGES_PAGE_SIZE,
    filters: { status: '', purpose: '' },
    queryKey: (params) => WHATSAPP_KEYS.messages(params),
    queryFn: (params, signal) => fetchMessages(params, signal),
    enabled: canView,
  });
  return (
    <ListScreen
      title="WhatsApp integrations"
      description="Connected WhatsApp Business numbers and every message sent, with what Meta reported."
      actions={
        <Anchor component={Link} to="/configuration/Whatsapp" size="sm">
          WhatsApp settings
        </Anchor>
      }
      rights={rights}
      canView={canView}
      list={list}
      noAccess={NO_ACCESS}
      toolbar={<Accounts />}
      selects={[
        { key: 'status', label: 'Filter by status', data: STATUS_FILTERS },
        { key: 'purpose', label: 'Filter by message', data: PURPOSE_FILTERS },
      ]}
    >
      <MessageLog list={list} />
    </ListScreen>
  );
}

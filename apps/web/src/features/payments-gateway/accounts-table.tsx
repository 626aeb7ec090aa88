import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { TPaymentAccount } from '@esigns/contracts/payments';

const PROVIDER_LABEL = { STRIPE: 'Stripe', MANUAL: 'Wire transfer' } as const;

/** The company's accounts: name, provider, active and test/live, key ending or instructions. */
export function AccountsTable({
  accounts,
  onEdit,
}: {
  accounts: TPaymentAccount[];
  onEdit: (a: TPaymentAccount) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="payment-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a._id}>
              <Table.Td fw={500}>{a.name}</Table.Td>
              <Table.Td>{PROVIDER_LABEL[a.provider]}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Badge variant="light" color={a.active ? 'teal' : 'gray'}>
                    {a.active ? 'Active' : 'Off'}
                  </Badge>
                  <Badge variant="outline" color={a.mode === 'TEST' ? 'yellow' : 'blue'}>
                    {a.mode === 'TEST' ? 'Test' : 'Live'}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {a.provider === 'STRIPE'
                    ? `Key …${a.keyLast4 ?? '----'}; ${a.hasWebhookSecret ? 'webhook set' : 'no webhook secret'}`
                    : (a.instructions ?? 'Default wire instructions')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onEdit(a)}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

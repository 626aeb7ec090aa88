import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TActiveSystems } from '@esigns/contracts/payments';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { NO_ACCESS_TEXT } from './payment-systems-screen';
import { useActiveSystems } from './use-active-systems';

function Summary({ data }: { data: TActiveSystems }) {
  const active = data.accounts.filter((a) => a.active);
  const stripe = active.filter((a) => a.provider === 'STRIPE');
  const manual = active.filter((a) => a.provider === 'MANUAL');
  const collectsWith = stripe[0] ?? manual[0];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="payment-summary">
      <Panel>
        <Stack p="md" gap={4}>
          <Text size="sm" c="dimmed">
            Collects through
          </Text>
          <Title order={4}>{collectsWith ? collectsWith.name : 'Wire transfer (default)'}</Title>
          <Text size="sm" c="dimmed">
            {collectsWith?.provider === 'STRIPE'
              ? 'Card payments on Stripe Checkout'
              : 'Payments marked paid by hand'}
          </Text>
        </Stack>
      </Panel>
      <Panel>
        <Stack p="md" gap={4}>
          <Text size="sm" c="dimmed">
            Stripe accounts
          </Text>
          <Title order={4}>{stripe.length}</Title>
          <Group gap={6}>
            {stripe.map((a) => (
              <Badge key={a._id} variant="outline" color={a.mode === 'TEST' ? 'yellow' : 'blue'}>
                {`${a.name}: ${a.mode === 'TEST' ? 'test' : 'live'}`}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Panel>
      <Panel>
        <Stack p="md" gap={4}>
          <Text size="sm" c="dimmed">
            Wire-transfer accounts
          </Text>
          <Title order={4}>{manual.length}</Title>
          <Text size="sm" c="dimmed">
            {`${data.accounts.length - active.length} turned off`}
          </Text>
        </Stack>
      </Panel>
    </SimpleGrid>
  );
}

/** /profile/paymentIntegration: the company's payment integration at a glance, with the way to configure it. */
export function PaymentIntegrationScreen() {
  usePageTitle('Payment integration');
  const query = useActiveSystems();
  return (
    <PageFrame
      title="Payment integration"
      description="Which payment accounts your workspace collects through, test or live."
      actions={
        <Button component={Link} to="/configuration/paymentSystems" leftSection={<IconSettings size={16} />}>
          Configure payment systems
        </Button>
      }
    >
      {query.isError ? (
        <QueryFailure
          query={query}
          title="Could not load the payment integration"
          noAccess={NO_ACCESS_TEXT}
        />
      ) : query.data ? (
        <Summary data={query.data} />
      ) : (
        <Skeleton h={120} />
      )}
    </PageFrame>
  );
}

import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { PageFrame, StateMessage } from '../../shared/ui/page-kit';
import { SUBSCRIPTION_KEYS, fetchPlanInfo } from './subscriptions-api';

/** /expire: the plan has expired: what still works, and how to renew. */
export function ExpireScreen() {
  usePageTitle('Subscription expired');
  const info = useQuery({ queryKey: SUBSCRIPTION_KEYS.info, queryFn: ({ signal }) => fetchPlanInfo(signal) });
  const ended = info.data?.current_period_end;
  return (
    <PageFrame title="Subscription expired">
      <Paper withBorder radius="md" p="lg">
        <StateMessage icon={<IconClockExclamation size={28} />} color="orange" title="Your plan has expired">
          <Text c="dimmed" size="sm" maw={520}>
            {ended ? `Your paid period ended ${formatDate(ended)}. ` : ''}
            Your company is on the Free plan until you renew. Nothing has been deleted.
          </Text>
        </StateMessage>
        <Stack gap="sm" maw={620} mx="auto">
          <Title order={4}>What still works</Title>
          <List size="sm" spacing={4}>
            <List.Item>Everyone can sign in, read and download every document, record and file.</List.Item>
            <List.Item>Documents already sent can still be signed and completed.</List.Item>
            <List.Item>You can keep working within the Free plan’s limits.</List.Item>
          </List>
          <Title order={4} mt="sm">
            What waits for a plan
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>
              Sending documents, inviting users, adding entities, records or files beyond the Free limits.
            </List.Item>
          </List>
          <Group mt="md">
            <Button component={Link} to="/plans-list" disabled={info.data ? !info.data.is_owner : false}>
              Renew a plan
            </Button>
            <Button component={Link} to="/profile/subscription" variant="default">
              See usage
            </Button>
          </Group>
          {info.data && !info.data.is_owner && (
            <Text size="sm" c="dimmed">
              Ask your company’s owner to renew.
            </Text>
          )}
        </Stack>
      </Paper>
    </PageFrame>
  );
}

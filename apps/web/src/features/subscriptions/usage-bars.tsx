import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TUsage } from '@esigns/contracts/subscriptions';
import { allowanceText, amountText } from './plan-format';

function colorOf(ratio: number): string {
  if (ratio >= 1) return 'red';
  if (ratio >= 0.8) return 'orange';
  return 'teal';
}

/** One bar per limit: usage against the plan's allowance (unlimited: no bar to fill). */
export function UsageBars({ usage }: { usage: readonly TUsage[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" data-testid="usage-bars">
      {usage.map((u) => {
        const ratio = u.allowed === null || u.allowed === 0 ? (u.allowed === 0 ? 1 : 0) : u.usage / u.allowed;
        return (
          <Stack key={u.limit} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {u.label}
              </Text>
              <Text size="sm" c={ratio >= 1 ? 'red' : 'dimmed'} data-testid={`usage-${u.limit}`}>
                {amountText(u.limit, u.usage)} of {allowanceText(u.limit, u.allowed)}
              </Text>
            </Group>
            <Progress
              value={u.allowed === null ? 0 : Math.min(100, ratio * 100)}
              color={colorOf(ratio)}
              aria-label={`${u.label}: ${amountText(u.limit, u.usage)} of ${allowanceText(u.limit, u.allowed)}`}
            />
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { BillingInterval, TPlan } from '@esigns/contracts/subscriptions';
import { limitLines, priceText, yearlySaving } from './plan-format';

export type PlanCardProps = {
  plan: TPlan;
  interval: BillingInterval;
  isCurrent: boolean;
  /** A change waiting for its payment. */
  isPending?: boolean;
  canChoose: boolean;
  isBusy: boolean;
  onChoose: (plan: TPlan) => void;
};

/** One plan: price for the interval, limits, features, and the button to choose it. */
export function PlanCard({
  plan,
  interval,
  isCurrent,
  isPending,
  canChoose,
  isBusy,
  onChoose,
}: PlanCardProps) {
  const saving = interval === 'year' ? yearlySaving(plan) : 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`plan-${plan.code}`}
      style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
          {isCurrent && <Badge color="teal">Current plan</Badge>}
          {!isCurrent && isPending && <Badge color="orange">Awaiting payment</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {plan.description}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={700} size="xl" data-testid={`price-${plan.code}`}>
            {priceText(plan, interval)}
          </Text>
          {saving > 0 && (
            <Badge variant="light" color="green">
              Save {saving}%
            </Badge>
          )}
        </Group>
        <List
          size="sm"
          spacing={4}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color="teal">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {limitLines(plan).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
          {plan.features.map((feature) => (
            <List.Item key={feature.code}>{feature.name}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          variant={isCurrent ? 'default' : 'filled'}
          disabled={isCurrent || !canChoose}
          loading={isBusy}
          onClick={() => onChoose(plan)}
          aria-label={isCurrent ? `${plan.name}: your current plan` : `Choose ${plan.name}`}
        >
          {isCurrent ? 'Current plan' : plan.is_free ? 'Switch to Free' : `Choose ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}

import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TWorkflowUser } from '@esigns/contracts/workflows';
import { SkeletonStack } from '../../../shared/ui/list-screen';
import { errorText } from '../../../shared/ui/page-kit';
import { STEP_STATUS_COLORS, STEP_STATUS_LABELS } from '../workflow-labels';
import { WORKFLOW_KEYS, fetchInstancePeople } from '../workflows-api';

const ROLE_LABELS: Record<TWorkflowUser['role'], string> = {
  PRIMARY: 'Packet’s person',
  USER: 'Company user',
  EMAIL: 'Other recipient',
};

/** Who the packet involves (`POST /workflow/users`): the primary person, then the others, each with their steps. */
export function InstancePeople({ instanceId }: { instanceId: string }) {
  const people = useQuery({
    queryKey: WORKFLOW_KEYS.people(instanceId),
    queryFn: ({ signal }) => fetchInstancePeople(instanceId, signal),
  });
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        People
      </Title>
      {people.error ? (
        <Text size="sm" c="red">
          {errorText(people.error)}
        </Text>
      ) : !people.data ? (
        <SkeletonStack count={2} />
      ) : (
        people.data.map((person) => (
          <Paper
            key={`${person.role}:${person.email}`}
            withBorder
            p="xs"
            radius="md"
            data-testid="instance-person"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {person.name || person.email}
                </Text>
                {person.name && (
                  <Text size="xs" c="dimmed" truncate>
                    {person.email}
                  </Text>
                )}
              </Stack>
              <Badge size="xs" variant="outline" color="gray">
                {ROLE_LABELS[person.role]}
              </Badge>
            </Group>
            <Group gap={4} mt={6}>
              {person.steps.map((step) => (
                <Badge
                  key={step.step_id}
                  size="xs"
                  variant="light"
                  tt="none"
                  color={STEP_STATUS_COLORS[step.status]}
                >
                  {step.name}: {STEP_STATUS_LABELS[step.status]}
                </Badge>
              ))}
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}

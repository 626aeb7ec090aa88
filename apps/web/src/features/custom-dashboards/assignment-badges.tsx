import { Badge, Group, Text } from '@mantine/core';
import type { TDashboardSummary } from '@esigns/contracts/custom-dashboards';
import { USER_TYPE_LABELS } from './assignment';

/** Who sees a dashboard: a badge per user type and contact type (names once the types are loaded). */
export function AssignmentBadges({
  row,
  contactTypeNames,
}: {
  row: Pick<TDashboardSummary, 'user_types' | 'contact_type_ids'>;
  contactTypeNames: ReadonlyMap<string, string>;
}) {
  if (row.user_types.length === 0 && row.contact_type_ids.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Owners and admins only
      </Text>
    );
  return (
    <Group gap={4}>
      {row.user_types.map((type) => (
        <Badge key={type} size="sm" variant="light">
          {USER_TYPE_LABELS[type]}
        </Badge>
      ))}
      {row.contact_type_ids.map((id) => (
        <Badge key={id} size="sm" variant="light" color="grape">
          {contactTypeNames.get(id) ?? 'Contact type'}
        </Badge>
      ))}
    </Group>
  );
}

import { Badge, Group } from '@mantine/core';

/** An app's OAuth scopes as badges (client apps, authorized apps). */
export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="light" size="sm">
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

import type { ReactNode } from 'react';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { INDUSTRY_TYPES, type TApp, type TAppContents } from '@esigns/contracts/apps';

export const industryLabel = (value: string) => INDUSTRY_TYPES.find((t) => t.value === value)?.label ?? value;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What an app holds, in one line each. */
export function AppContents({ contents }: { contents: TAppContents }) {
  const lines = [
    contents.entities.length > 0 && `Entities: ${contents.entities.join(', ')}`,
    contents.forms.length > 0 && `Forms: ${contents.forms.join(', ')}`,
    contents.workflows.length > 0 && `Workflows: ${contents.workflows.join(', ')}`,
    contents.dashboards.length > 0 && `Dashboards: ${contents.dashboards.join(', ')}`,
    [
      plural(contents.templates, 'template'),
      plural(contents.relationships, 'relationship'),
      plural(contents.views, 'view'),
      plural(contents.email_templates, 'email template'),
      plural(contents.menus, 'menu group'),
      plural(contents.records, 'sample record'),
    ].join(', '),
  ].filter((line): line is string => Boolean(line));
  return (
    <List size="sm" spacing={2}>
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

const STATUS_COLORS: Record<TApp['status'], string> = {
  DRAFT: 'gray',
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
};

/** One app: name, version, who made it, what it holds, and the actions the screen gives. */
export function AppCard({
  app,
  actions,
  showStatus,
}: {
  app: TApp;
  actions?: ReactNode;
  showStatus?: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`app-card-${app._id}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4}>{app.name}</Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>{`v${app.version}`}</Badge>
        </Group>
        <Group gap={6}>
          <Badge variant="outline" color="gray">
            {industryLabel(app.industry_type)}
          </Badge>
          {app.shipped && <Badge color="blue">Built in</Badge>}
          {app.installed_version && <Badge color="teal">{`Installed ${app.installed_version}`}</Badge>}
          {showStatus && <Badge color={STATUS_COLORS[app.status]}>{app.status}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {app.publisher ? `By ${app.publisher.name}` : 'Ships with the product'}
        </Text>
        {app.description && (
          <Text size="sm" lineClamp={3}>
            {app.description}
          </Text>
        )}
        <AppContents contents={app.contents} />
        {app.review_note && <Text size="sm" c="dimmed">{`Review note: ${app.review_note}`}</Text>}
        {actions && (
          <Group gap="xs" mt="auto" pt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

import type { ComponentType, ReactNode } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TApplicationUserDocument, TApplicationUserForm } from '@esigns/contracts/application-users';
import { formatDate } from '../../shared/format/date';
import { errorText } from '../../shared/ui/page-kit';
import { ContactDocumentActions } from './document-actions';
import { formNextOf } from './form-state';

/** A count that opens its list: "3 documents waiting for you". */
export function CountCard({
  icon: Icon,
  color,
  count,
  label,
  to,
  testId,
}: {
  icon: ComponentType<IconProps>;
  color: string;
  /** undefined while loading, null when it could not be read. */
  count: number | null | undefined;
  label: string;
  to: string;
  testId: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId}>
      <Paper withBorder radius="md" p="md" h="100%">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={color} visibleFrom="xs">
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            {count === undefined ? (
              <Skeleton h={28} w={40} />
            ) : (
              <Text fz={28} fw={700} lh={1.1} c={color === 'orange' && count ? 'orange.8' : undefined}>
                {count ?? '—'}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** A titled list of a few rows with a link to all of them. */
export function ShortList({
  title,
  allTo,
  empty,
  failure,
  children,
}: {
  title: string;
  allTo: string;
  empty: string | null;
  /** The list could not be read: its message and a retry instead of the rows. */
  failure?: { error: unknown; retry: () => void } | undefined;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{title}</Text>
        <Button variant="subtle" size="xs" component={Link} to={allTo}>
          See all
        </Button>
      </Group>
      {failure ? (
        <Stack gap="xs" align="flex-start" data-testid="short-list-failure">
          <Text size="sm" c="red.7">
            Could not be loaded: {errorText(failure.error)}
          </Text>
          <Button size="xs" variant="light" onClick={failure.retry}>
            Try again
          </Button>
        </Stack>
      ) : empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm">{children}</Stack>
      )}
    </Paper>
  );
}

export function WaitingDocumentRow({ document }: { document: TApplicationUserDocument }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="dashboard-document">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500} truncate>
          {document.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          From {document.sender.name || document.sender.email}
          {document.expires_at ? ` · due ${formatDate(document.expires_at)}` : ''}
        </Text>
      </Stack>
      <ContactDocumentActions document={document} />
    </Group>
  );
}

export function FormToFillRow({ form }: { form: TApplicationUserForm }) {
  const next = formNextOf(form);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="dashboard-form">
      <Text size="sm" fw={500} truncate>
        {form.name}
      </Text>
      {(next.kind === 'fill' || next.kind === 'continue') && (
        <Button size="xs" component={Link} to={next.to}>
          {next.label}
        </Button>
      )}
    </Group>
  );
}

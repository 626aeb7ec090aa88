import type { ComponentType, ReactNode } from 'react';
import { Box, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import type { Can } from '../permissions/use-can';
import { AppDialog } from './app-dialog';
import { ErrorAlert } from './error-alert';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** The message to show for a failed call. */
export function errorText(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || FALLBACK_ERROR;
  return FALLBACK_ERROR;
}

/** True when the server refused the caller's rights (403). */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * Title (after an optional icon), one line of help and the screen's main actions; wraps under
 * each other on phones.
 */
export function PageHeader({
  title,
  icon,
  description,
  actions,
}: {
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Box maw={640}>
        {icon ? (
          <Group gap="sm" wrap="nowrap">
            {icon}
            <Title order={2}>{title}</Title>
          </Group>
        ) : (
          <Title order={2}>{title}</Title>
        )}
        {/* A div: descriptions may be blocks (breadcrumbs), which a <p> cannot hold. */}
        {description && (
          <Text c="dimmed" size="sm" component="div">
            {description}
          </Text>
        )}
      </Box>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}

export type ScreenFrameProps = {
  title: string;
  /** Shown before the title (e.g. an entity's icon). */
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * What a screen sits in: its own page (`PageFrame`) or an area with a sub-navigation, e.g. the
 * profile area's frame for the /profile children.
 */
export type ScreenFrame = ComponentType<ScreenFrameProps>;

/** A standalone staff page: heading with actions, then the content. */
export function PageFrame({ title, icon, description, actions, children }: ScreenFrameProps) {
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={title} icon={icon} description={description} actions={actions} />
      {children}
    </Stack>
  );
}

/** A centred icon, title and text: empty lists, failures, missing rights. */
export function StateMessage({
  icon,
  color,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack align="center" ta="center" gap="xs" py={48} px="md" data-testid={testId}>
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** A failed load with the server's message and a retry. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title: string }) {
  return (
    <StateMessage icon={<IconAlertTriangle size={28} />} color="red" title={title} testId="load-error">
      <Text c="dimmed" size="sm" maw={460}>
        {errorText(error)}
      </Text>
      <Button variant="light" mt="sm" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        Try again
      </Button>
    </StateMessage>
  );
}

/**
 * A query that failed, in a panel: "no access" (`noAccess`, when given) if the server refused it
 * (403), else its error under `title` with a retry.
 */
export function QueryFailure({
  query,
  title,
  noAccess,
}: {
  query: Pick<UseQueryResult, 'error' | 'refetch'>;
  title: string;
  noAccess?: ReactNode;
}) {
  return (
    <Panel>
      {noAccess && isForbidden(query.error) ? (
        <NoAccess>{noAccess}</NoAccess>
      ) : (
        <LoadError title={title} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </Panel>
  );
}

/** The caller's permissions could not be read: the failure in a panel, with a retry. */
export function PermissionsFailure({ rights }: { rights: Pick<Can, 'error' | 'refetch'> }) {
  return (
    <Panel>
      <LoadError title="Could not load your permissions" error={rights.error} onRetry={rights.refetch} />
    </Panel>
  );
}

/** The caller's user type may not open this screen (also what a 403 from the server shows). */
export function NoAccess({ title = 'No access', children }: { title?: string; children: ReactNode }) {
  return (
    <StateMessage icon={<IconLock size={28} />} color="gray" title={title} testId="no-access">
      <Text c="dimmed" size="sm" maw={480}>
        {children}
      </Text>
    </StateMessage>
  );
}

/** The bordered white panel lists and matrices sit in. */
export function Panel({ children }: { children: ReactNode }) {
  return (
    <Box
      bg="white"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

export { ErrorAlert };

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
  /** The failure of the last attempt, shown in the dialog (e.g. the server's 409 message). */
  error?: unknown;
  isDestructive?: boolean;
};

/** Asks before a destructive action; a refusal from the server stays visible inside the dialog. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  isPending = false,
  error,
  isDestructive = true,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button color={isDestructive ? 'red' : undefined} onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        <Box fz="sm">{children}</Box>
      </Stack>
    </AppDialog>
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../../shared/api/api-error';

export const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** The one message shown for a failed call that is not a 422. */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || FALLBACK_ERROR;
  return FALLBACK_ERROR;
}

/** Grey bars where a form's inputs will be while it loads. */
export function FormSkeleton({ rows = 4, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label} data-testid="form-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Stack gap={6} key={index}>
          <Skeleton h={12} w={120} radius="sm" />
          <Skeleton h={36} radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function LoadError({
  title = 'Could not load this page',
  error,
  onRetry,
  children,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="sm">
        <span>{errorMessageOf(error)}</span>
        {children}
        {onRetry && (
          <Group>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={onRetry}
            >
              Try again
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** One error of a form that has no input of its own (a 403, a network failure, a 409). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

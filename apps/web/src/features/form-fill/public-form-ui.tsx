import type { ReactNode } from 'react';
import { Avatar, Box, Group, Stack, Text, Title } from '@mantine/core';
import { SignerLoading, SignerMessage as GuestMessage } from '../signing/signer-ui';
import { IconCalendarOff, IconCalendarTime, IconLinkOff, IconLock, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TPublicFormBuilder } from '@esigns/contracts/form-builders';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { FILL_KEYS, STAFF_ACCESS, fetchPublicForm, type FillAccess } from './fill-api';

/** The public form, read with the tab's guest headers when there are some (`auth_user` then names them). */
export function usePublicForm(code: string, access: FillAccess) {
  const who = access.kind === 'guest' ? access.credentials.user_id : access.kind;
  return useQuery({
    queryKey: [...FILL_KEYS.publicForm(code), who],
    queryFn: async ({ signal }) => {
      try {
        return await fetchPublicForm(code, access, signal);
      } catch (error) {
        // An expired session (or one of another form) is refused: read the form as a newcomer,
        // whose `auth_user` is null, so the screens ask the guest to identify again.
        if (access.kind !== 'guest' || !isApiError(error) || error.status !== 401) throw error;
        return fetchPublicForm(code, STAFF_ACCESS, signal);
      }
    },
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

/** The signing pages' centred message serves the guest form pages too. */
export { GuestMessage };

export function GuestLoading({ label = 'Opening the form…' }: { label?: string }) {
  return <SignerLoading label={label} />;
}

/** The form could not be read: no such form (404), or else. */
export function PublicFormError({ error }: { error: unknown }) {
  const isMissing = isApiError(error) && error.status === 404;
  return (
    <GuestMessage
      icon={<IconLinkOff size={32} />}
      color={isMissing ? 'orange' : 'red'}
      title={isMissing ? 'This form does not exist' : 'The form could not be opened'}
      testId="form-error"
    >
      {isMissing
        ? 'The link may be mistyped, or the form was removed. Ask whoever sent it for a new link.'
        : isApiError(error)
          ? error.message
          : 'Please try again in a moment.'}
    </GuestMessage>
  );
}

const CLOSED = {
  NOT_YET_OPEN: {
    icon: <IconCalendarTime size={32} />,
    title: 'This form is not open yet',
    text: 'opens soon. Please come back later with the same link.',
  },
  CLOSED: {
    icon: <IconCalendarOff size={32} />,
    title: 'This form is closed',
    text: 'no longer takes answers.',
  },
  FULL: {
    icon: <IconUsers size={32} />,
    title: 'This form is full',
    text: 'has received all the answers it takes.',
  },
  INACTIVE: {
    icon: <IconLock size={32} />,
    title: 'This form is not available',
    text: 'has been switched off by its owner for now.',
  },
} as const;

/** Why a form cannot be filled now, in friendly words. */
export function AvailabilityMessage({ form }: { form: TPublicFormBuilder }) {
  if (form.availability === 'OPEN') return null;
  const state = CLOSED[form.availability];
  return (
    <GuestMessage icon={state.icon} color="gray" title={state.title} testId="form-unavailable">
      <b>{form.name}</b> {state.text}
    </GuestMessage>
  );
}

/** Who asks and what: the company and the form's name and description. */
export function PublicFormHeader({ form, children }: { form: TPublicFormBuilder; children?: ReactNode }) {
  usePageTitle(form.name);
  return (
    <Stack gap="xs" data-testid="form-header">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={form.company.logo_url} radius="md" size={40} color="brand">
          {form.company.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box miw={0}>
          <Text size="xs" c="dimmed" truncate>
            {form.company.name}
          </Text>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {form.name}
          </Title>
        </Box>
      </Group>
      {form.description && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {form.description}
        </Text>
      )}
      {children}
    </Stack>
  );
}

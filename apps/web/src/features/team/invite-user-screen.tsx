import { useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  IconCalendarTime,
  IconClockX,
  IconLinkOff,
  IconLogin,
  IconMail,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { isSignedIn, useSession } from '../../shared/session/session-store';
import { AuthScreenHeader } from '../auth/auth-screen-header';
import { loadPage } from '../auth/auth-session';
import { ExistingAccountJoin, NewAccountJoin, SignedInJoin } from './invitation-steps';
import { fetchInvitation, type TInvitationPreview } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { USER_TYPE_LABELS } from './team-labels';
import { errorText } from '../../shared/ui/page-kit';

export type InviteUserScreenProps = {
  /** Opens the new workspace's dashboard after joining with an existing account (a full load). */
  reload?: (path: string) => void;
};

/** A used, expired, withdrawn or replaced link (410), or one that never existed. */
function InvitationUnavailable({ error }: { error: unknown }) {
  const isGone = isApiError(error) && error.status === 410;
  return (
    <Stack gap="md" data-testid={isGone ? 'invitation-gone' : 'invitation-error'}>
      <AuthScreenHeader
        title={isGone ? 'This invitation is no longer valid' : 'This invitation could not be opened'}
        description={
          isGone
            ? 'It has expired, was already used, or was replaced by a newer invitation. Ask the person who invited you to send a new one.'
            : 'Check that you opened the whole link from the email.'
        }
        icon={isGone ? <IconClockX size={28} stroke={1.6} /> : <IconLinkOff size={28} stroke={1.6} />}
      />
      <Alert color={isGone ? 'orange' : 'red'} variant="light" role="alert">
        {errorText(error)}
      </Alert>
      <Button component={Link} to="/signin" variant="light" fullWidth leftSection={<IconLogin size={16} />}>
        Go to sign in
      </Button>
    </Stack>
  );
}

function InvitationSummary({ invitation }: { invitation: TInvitationPreview }) {
  const type = USER_TYPE_LABELS[invitation.user_type];
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="invitation-summary">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <IconUsersGroup size={16} aria-hidden />
          <Text size="sm">
            <Text span fw={600}>
              {invitation.company_name}
            </Text>{' '}
            as {type}
            {invitation.role_name ? ` · ${invitation.role_name}` : ''}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconCalendarTime size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            Valid until {formatDateTime(invitation.expires_at)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /inviteUser?token=…: what the invitation is about, then joining: a new account chooses its
 * name and password; an existing account signs in right here and joins with that session; a
 * visitor already signed in as the invited account joins at once.
 */
export function InviteUserScreen({ reload = loadPage }: InviteUserScreenProps) {
  usePageTitle('Accept invitation');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const session = useSession();
  const [acceptError, setAcceptError] = useState<unknown>(null);

  const invitation = useQuery({
    queryKey: TEAM_KEYS.invitation(token),
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });

  if (!token) {
    return (
      <InvitationUnavailable
        error={new Error('The link has no invitation token. Open the link from the invitation email.')}
      />
    );
  }
  if (invitation.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" aria-live="polite" aria-busy="true">
          <Loader />
          <Text>Opening your invitation…</Text>
        </Stack>
      </Center>
    );
  }
  if (invitation.isError) return <InvitationUnavailable error={invitation.error} />;
  // The link was claimed while the screen was open (another tab, a double click).
  if (isApiError(acceptError) && acceptError.status === 410)
    return <InvitationUnavailable error={acceptError} />;

  const data = invitation.data;
  const onGone = (error: unknown) => setAcceptError(error);
  const signedInEmail = isSignedIn(session) ? (session.user?.email ?? '') : null;

  return (
    <Stack gap="md">
      <AuthScreenHeader
        title={`Join ${data.company_name}`}
        description={`${data.invited_by} invited you to work together in ${data.company_name}.`}
        icon={<IconUsersGroup size={28} stroke={1.6} />}
      />
      <InvitationSummary invitation={data} />
      {signedInEmail !== null ? (
        <SignedInJoin
          token={token}
          invitation={data}
          signedInEmail={signedInEmail}
          reload={reload}
          onGone={onGone}
        />
      ) : data.user_exists ? (
        <ExistingAccountJoin token={token} invitation={data} reload={reload} onGone={onGone} />
      ) : (
        <NewAccountJoin token={token} invitation={data} reload={reload} onGone={onGone} />
      )}
      <Text size="xs" c="dimmed" ta="center">
        Not expecting this invitation? You can ignore it, or{' '}
        <Anchor component={Link} to="/signin" size="xs">
          go to sign in
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

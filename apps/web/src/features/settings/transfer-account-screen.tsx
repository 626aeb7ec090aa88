import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCheck,
  IconClockHour4,
  IconLock,
  IconMailForward,
  IconTransfer,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { UserType } from '@esigns/contracts/auth';
import type { TTransferRequest } from '@esigns/contracts/transfer-account';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { formatFullName } from '../../shared/format/name';
import { useSession, workspaceIdOf, type SessionState } from '../../shared/session/session-store';
import { FormAlert, LoadError, errorMessageOf } from '../profile/screen-states';
import type { TCompanyUser } from '../team/team-api';
import { USER_TYPE_LABELS } from '../team/team-labels';
import { ConfirmDialog } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { SettingsArea } from './settings-area';
import { TransferConsequences } from './transfer-consequences';
import {
  TRANSFER_KEYS,
  cancelTransfer,
  fetchActiveMembers,
  fetchPendingTransfer,
  resendTransferCode,
  startTransfer,
} from './transfer-account-api';
import { LoadingBlocks } from './settings-form-kit';

/** The current workspace's name from the session. */
function companyNameOf(session: SessionState): string {
  const current = session.user?.current_workspace;
  return (typeof current === 'object' && current?.company_name) || 'this workspace';
}

const withArticle = (userType: UserType): string =>
  `${userType === 'ADMIN' || userType === 'OWNER' ? 'an' : 'a'} ${USER_TYPE_LABELS[userType].toLowerCase()}`;

const personName = (person: { first_name: string; last_name: string; email: string }): string =>
  formatFullName(person) || person.email;

/** A date and time that does not break across lines. */
function When({ value }: { value: string }) {
  return (
    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </Text>
  );
}

/** Why the request cannot be accepted right now, or null. */
function requestProblem(request: TTransferRequest): string | null {
  if (request.is_expired) return 'The code has expired. Send a new code or cancel the transfer.';
  if (request.attempts_left === 0) return 'The code was entered wrong too many times. Send a new code.';
  return null;
}

function PendingTransferCard({ request }: { request: TTransferRequest }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [isCancelling, setIsCancelling] = useState(false);
  const target = personName(request.to_user);
  const problem = requestProblem(request);
  const setPending = (next: TTransferRequest | null) =>
    queryClient.setQueryData(TRANSFER_KEYS.pending(session), next);

  const resend = useMutation({
    mutationFn: () => resendTransferCode(request._id),
    onSuccess: (next) => {
      setPending(next);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        message: `We mailed ${target} a new code`,
      });
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelTransfer(request._id),
    onSuccess: () => {
      setPending(null);
      setIsCancelling(false);
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: 'Transfer cancelled' });
    },
  });

  return (
    <Paper withBorder radius="md" p="lg" data-testid="pending-transfer">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="xl" color={problem ? 'orange' : undefined}>
            {problem ? <IconAlertTriangle size={22} /> : <IconClockHour4 size={22} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={8} wrap="wrap">
              <Title order={3} size="h4">
                Waiting for {target}
              </Title>
              <Badge variant="light" color={problem ? 'orange' : 'blue'}>
                {request.is_expired ? 'Expired' : request.attempts_left === 0 ? 'Code locked' : 'Pending'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {request.to_user.email}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">
          We mailed {target} a code on <When value={request.last_sent_at} />. They become the owner once they
          enter it on the link in that mail.{' '}
          {request.is_expired ? 'The code expired' : 'The code works until'}{' '}
          <When value={request.expires_at} />.
        </Text>
        {problem && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {problem}
          </Alert>
        )}
        <FormAlert message={resend.error ? errorMessageOf(resend.error) : null} />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconMailForward size={16} />}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new code
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => {
              cancel.reset();
              setIsCancelling(true);
            }}
          >
            Cancel transfer
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isCancelling}
        title="Cancel the transfer?"
        confirmLabel="Cancel transfer"
        onConfirm={() => cancel.mutate()}
        onClose={() => !cancel.isPending && setIsCancelling(false)}
        isPending={cancel.isPending}
        error={cancel.error}
      >
        The code we mailed {target} stops working and they are told. You stay the owner.
      </ConfirmDialog>
    </Paper>
  );
}

function NewTransferForm({ pending }: { pending: TTransferRequest | null }) {
  const session = useSession();
  const companyId = workspaceIdOf(session);
  const companyName = companyNameOf(session);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const members = useQuery({
    queryKey: TRANSFER_KEYS.members(companyId),
    queryFn: ({ signal }) => fetchActiveMembers(companyId ?? '', signal),
    enabled: Boolean(companyId),
  });
  const candidates = useMemo(
    () =>
      (members.data ?? []).filter(
        (member) => member.user_id && member.user_id !== session.user?._id && member.user_type !== 'OWNER',
      ),
    [members.data, session.user?._id],
  );
  const chosen: TCompanyUser | undefined = candidates.find((member) => member.user_id === selected);

  const start = useMutation({
    mutationFn: (toUserId: string) => startTransfer({ to_user_id: toUserId }),
    onSuccess: (request) => {
      queryClient.setQueryData(TRANSFER_KEYS.pending(session), request);
      setIsConfirming(false);
      setSelected(null);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: 'Transfer requested',
        message: `We mailed ${personName(request.to_user)} a code to confirm`,
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.to_user_id) {
        setFieldError(error.fieldErrors.to_user_id);
        setIsConfirming(false);
      }
    },
  });

  if (members.isPending) {
    return <Skeleton h={120} radius="md" aria-label="Loading the members of this workspace" />;
  }
  if (members.isError) {
    return (
      <LoadError
        title="Could not load the members of this workspace"
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  }
  if (candidates.length === 0) {
    return (
      <EmptyState
        icon={<IconUserPlus size={28} />}
        title="No one to hand it to yet"
        description="The new owner must be an active member of this workspace. Add them to the workspace first."
        data-testid="no-candidates"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/profile/companyUsers" variant="light">
            Manage users
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const options = candidates.map((member) => ({
    value: member.user_id ?? member._id,
    label: `${personName(member)} · ${member.email} (${USER_TYPE_LABELS[member.user_type]})`,
  }));
  const chosenName = chosen ? personName(chosen) : '';

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {pending ? 'Transfer to someone else' : 'Choose the new owner'}
          </Title>
          <Text size="sm" c="dimmed">
            {pending
              ? 'Starting a new transfer replaces the pending one: its code stops working.'
              : `Pick an active member of ${companyName}. They confirm with a code we mail them.`}
          </Text>
        </Stack>
        <Select
          label="New owner"
          placeholder="Search members by name or email"
          searchable
          nothingFoundMessage="No member matches"
          data={options}
          value={selected}
          onChange={(value) => {
            setSelected(value);
            setFieldError(null);
          }}
          error={fieldError}
          maw={560}
          comboboxProps={{ withinPortal: true }}
        />
        <Group>
          <Button
            leftSection={<IconTransfer size={16} />}
            disabled={!chosen}
            onClick={() => {
              start.reset();
              setIsConfirming(true);
            }}
          >
            Transfer ownership
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming && Boolean(chosen)}
        title={`Make ${chosenName} the owner?`}
        confirmLabel="Send the code"
        onConfirm={() => chosen?.user_id && start.mutate(chosen.user_id)}
        onClose={() => !start.isPending && setIsConfirming(false)}
        isPending={start.isPending}
        error={
          start.error && !(isApiError(start.error) && start.error.fieldErrors.to_user_id) ? start.error : null
        }
      >
        <Stack gap="sm">
          <TransferConsequences perspective="owner" otherName={chosenName} companyName={companyName} />
          {pending && (
            <Text size="sm" c="orange.8">
              The pending transfer to {personName(pending.to_user)} will be replaced.
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}

function OwnerView() {
  const session = useSession();
  const pending = useQuery({
    queryKey: TRANSFER_KEYS.pending(session),
    queryFn: ({ signal }) => fetchPendingTransfer(signal),
  });
  if (pending.isPending) {
    return <LoadingBlocks label="Loading the transfer" heights={[120]} />;
  }
  if (pending.isError) {
    return <LoadError error={pending.error} onRetry={() => void pending.refetch()} />;
  }
  return (
    <Stack gap="lg">
      {pending.data && <PendingTransferCard request={pending.data} />}
      <NewTransferForm pending={pending.data} />
    </Stack>
  );
}

/**
 * /profilesettings/transferAccount: the owner of a business workspace picks an active member,
 * confirms what it means, and the member is mailed a code; a pending request can be resent or
 * cancelled. Everyone else is told that only the owner can do this.
 */
export function TransferAccountScreen() {
  const { can, overview, isLoading, error, refetch } = useCan();
  const companyName = useSession(companyNameOf);

  let content;
  if (isLoading) {
    content = <Skeleton h={120} radius="md" aria-label="Loading your permissions" />;
  } else if (error) {
    content = <LoadError error={error} onRetry={refetch} />;
  } else if (can('company:transfer-account')) {
    content = <OwnerView />;
  } else {
    const isPersonal = overview?.plan_type === 'INDIVIDUAL';
    content = (
      <EmptyState
        icon={<IconLock size={28} />}
        title={
          isPersonal
            ? 'Personal workspaces cannot be transferred'
            : 'Only the owner can transfer this workspace'
        }
        description={
          isPersonal ? (
            'A personal workspace belongs to you alone. Business workspaces can be handed over to another member.'
          ) : (
            <>
              You are {overview ? withArticle(overview.user_type) : 'a member'} of {companyName}. The owner
              can hand the workspace over to another member; ask them if it should be you.
              {can('company-users:view') && (
                <>
                  {' '}
                  See who the owners are in{' '}
                  <Anchor component={Link} to="/profile/companyUsers">
                    company users
                  </Anchor>
                  .
                </>
              )}
            </>
          )
        }
        data-testid="transfer-owner-only"
      />
    );
  }

  return (
    <SettingsArea
      title="Transfer account"
      description="The owner of a business workspace can hand it over to another member, who confirms with a mailed code."
    >
      {content}
    </SettingsArea>
  );
}

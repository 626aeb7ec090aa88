import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBuilding,
  IconCircleCheck,
  IconCrown,
  IconInfoCircle,
  IconSearch,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { TTransferRequest } from '@esigns/contracts/transfer-account';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { formatFullName } from '../../shared/format/name';
import { useSession } from '../../shared/session/session-store';
import { loadPage, switchWorkspace } from '../auth/auth-session';
import { CODE_LENGTH, CodeInput } from '../auth/code-input';
import { FormAlert, LoadError, errorMessageOf } from '../profile/screen-states';
import { SettingsArea } from './settings-area';
import { TRANSFER_KEYS, acceptTransfer, fetchTransfer } from './transfer-account-api';
import { TransferConsequences } from './transfer-consequences';
import { LoadingBlocks } from './settings-form-kit';

const personName = (person: { first_name: string; last_name: string; email: string }): string =>
  formatFullName(person) || person.email;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function RequestDetails({ request }: { request: TTransferRequest }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Detail label="Workspace">{request.company_name}</Detail>
      <Detail label="Requested by">
        {personName(request.from_user)}
        <Text span size="xs" c="dimmed" display="block">
          {request.from_user.email}
        </Text>
      </Detail>
      <Detail label={request.is_expired ? 'Expired' : 'Code valid until'}>
        {formatDateTime(request.expires_at)}
      </Detail>
    </SimpleGrid>
  );
}

/** The transfer is done: who owns what now, and where to go next. */
function AcceptedState({ request, isJustNow }: { request: TTransferRequest; isJustNow: boolean }) {
  const title = request.is_target
    ? `You are now the owner of ${request.company_name}`
    : `${personName(request.to_user)} is now the owner of ${request.company_name}`;
  return (
    <EmptyState
      icon={<IconCircleCheck size={30} color="var(--mantine-color-teal-6)" />}
      title={title}
      description={
        request.is_target
          ? `${personName(request.from_user)} stays on as an admin.${isJustNow ? ' Your new rights apply at once.' : ''}`
          : `The transfer was accepted on ${formatDateTime(request.accepted_at)}.`
      }
      data-testid="transfer-accepted"
    >
      {request.is_target && (
        <EmptyState.Actions>
          <Button component={Link} to="/dashboard">
            Go to the dashboard
          </Button>
          <Button component={Link} to="/profile/companyUsers" variant="default">
            Manage users
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

/** The request can no longer be accepted: say why and who can help. */
function ClosedState({ request }: { request: TTransferRequest }) {
  const owner = personName(request.from_user);
  const description =
    request.status === 'CANCELLED'
      ? `${owner} cancelled this transfer. Nothing changed.`
      : `${owner} started a newer transfer: use the link in the latest mail.`;
  return (
    <EmptyState
      icon={<IconInfoCircle size={28} />}
      title={request.status === 'CANCELLED' ? 'This transfer was cancelled' : 'This request was replaced'}
      description={description}
      data-testid="transfer-closed"
    />
  );
}

export type TransferConfirmScreenProps = {
  /** Opens a page after switching workspace (a full page load by default). */
  reload?: (path: string) => void;
};

function SwitchWorkspaceCard({
  request,
  reload,
}: {
  request: TTransferRequest;
  reload: (path: string) => void;
}) {
  const { pathname } = useLocation();
  const switcher = useMutation({
    mutationFn: () => switchWorkspace(request.company_id),
    onSuccess: () => reload(pathname),
  });
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconBuilding size={18} />}
      title="Signed in to another workspace"
    >
      <Stack gap="sm">
        <Text size="sm">To accept, switch to {request.company_name}: you come back to this page.</Text>
        <FormAlert message={switcher.error ? errorMessageOf(switcher.error) : null} />
        <Group>
          <Button size="xs" loading={switcher.isPending} onClick={() => switcher.mutate()}>
            Switch to {request.company_name}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CodeForm({
  request,
  onAccepted,
}: {
  request: TTransferRequest;
  onAccepted: (r: TTransferRequest) => void;
}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (value: string) => acceptTransfer(request._id, value),
    onSuccess: onAccepted,
    onError: (error) => {
      setCode('');
      if (isApiError(error) && error.fieldErrors.code) setCodeError(error.fieldErrors.code);
    },
  });

  const send = (value: string) => {
    if (accept.isPending) return;
    if (value.length < CODE_LENGTH) {
      setCodeError(`Enter all ${CODE_LENGTH} digits of the code`);
      return;
    }
    setCodeError(null);
    accept.mutate(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  const critical =
    accept.error && !(isApiError(accept.error) && accept.error.fieldErrors.code)
      ? errorMessageOf(accept.error)
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Accept the ownership">
      <Stack gap="md" maw={420}>
        <FormAlert message={critical} />
        <CodeInput
          id="transfer-code"
          label="Code from the email"
          value={code}
          onChange={(value) => {
            setCode(value);
            if (codeError) setCodeError(null);
          }}
          onComplete={send}
          error={codeError}
          disabled={accept.isPending}
          autoFocus
        />
        <Button type="submit" leftSection={<IconCrown size={16} />} loading={accept.isPending}>
          Accept ownership
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /profilesettings/transferAccount/{requestId}: the member asked to become owner reads the
 * request and enters the mailed code. On success the permissions and profile are reloaded so the
 * whole app shows the new rights. The owner sees the request's state; anyone else a not-found.
 */
export function TransferConfirmScreen({ reload = loadPage }: TransferConfirmScreenProps) {
  const { requestId = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const [isJustAccepted, setIsJustAccepted] = useState(false);
  const key = TRANSFER_KEYS.request(requestId, session);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchTransfer(requestId, signal),
    retry: false,
  });

  const onAccepted = (request: TTransferRequest) => {
    queryClient.setQueryData(key, request);
    setIsJustAccepted(true);
    // The user type changed: permissions, profile, menus and lists must be read again.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== TRANSFER_KEYS.all[0] });
  };

  let content;
  const request = query.data;
  if (query.isPending) {
    content = <LoadingBlocks label="Loading the transfer request" heights={[80, 160]} />;
  } else if (query.isError && isApiError(query.error) && query.error.status === 404) {
    content = (
      <EmptyState
        icon={<IconSearch size={28} />}
        title="Transfer request not found"
        description="This link is not for the account you are signed in with, or the request no longer exists. Sign in with the account the mail was sent to."
        data-testid="transfer-not-found"
      />
    );
  } else if (query.isError || !request) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (request.status === 'ACCEPTED') {
    content = <AcceptedState request={request} isJustNow={isJustAccepted} />;
  } else if (request.status !== 'PENDING') {
    content = <ClosedState request={request} />;
  } else {
    const owner = personName(request.from_user);
    const blocker = request.is_expired
      ? `This code has expired. Ask ${owner} to send a new one.`
      : request.attempts_left === 0
        ? `The code was entered wrong too many times. Ask ${owner} to send a new one.`
        : null;
    content = (
      <Paper withBorder radius="md" p="lg" data-testid="transfer-request">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={44} radius="xl">
              <IconArrowsExchange size={22} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} size="h4">
                {request.is_target
                  ? `${owner} wants to make you the owner of ${request.company_name}`
                  : `Waiting for ${personName(request.to_user)} to accept`}
              </Title>
              <Text size="sm" c="dimmed">
                {request.is_target
                  ? 'Enter the 6-digit code from the email we sent you to accept.'
                  : 'They confirm with the code we mailed them. You can resend or cancel it from the transfer page.'}
              </Text>
            </Stack>
          </Group>
          <RequestDetails request={request} />
          {request.is_target && (
            <TransferConsequences perspective="target" otherName={owner} companyName={request.company_name} />
          )}
          {!request.is_target ? (
            <Group>
              <Button component={Link} to="/profilesettings/transferAccount" variant="light">
                Open the transfer page
              </Button>
            </Group>
          ) : blocker ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {blocker}
            </Alert>
          ) : !request.is_current_workspace ? (
            <SwitchWorkspaceCard request={request} reload={reload} />
          ) : (
            <CodeForm request={request} onAccepted={onAccepted} />
          )}
        </Stack>
      </Paper>
    );
  }

  return (
    <SettingsArea
      title="Confirm account transfer"
      description="Accept the ownership of a workspace with the code we mailed you."
    >
      {content}
    </SettingsArea>
  );
}

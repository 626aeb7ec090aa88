import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLogin, IconLogout, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSessionReply } from '@esigns/contracts/auth';
import { useLocation, useNavigate } from 'react-router';
import { afterSigninPath } from '../../app/guard-decision';
import { isApiError } from '../../shared/api/api-error';
import { clearCache } from '../../shared/cache/startup-cache';
import { formatFullName } from '../../shared/format/name';
import { sessionStore } from '../../shared/session/session-store';
import { CurrentPasswordInput, EmailInput, NameFields } from '../../shared/ui/account-forms/account-fields';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { BackButton } from '../../shared/ui/account-forms/account-links';
import { revokeSession, signIn } from '../auth/auth-api';
import { signOut, startSession } from '../auth/auth-session';
import { SecondFactorForm } from '../auth/second-factor-form';
import { useAuthForm } from '../auth/use-auth-form';
import {
  acceptInvitationAsExistingUser,
  acceptInvitationAsNewUser,
  type TAcceptInvitationReply,
  type TInvitationPreview,
} from './team-api';
import { ZAcceptInvitationForm } from './team-schemas';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';

type StepProps = {
  token: string;
  invitation: TInvitationPreview;
  /** The link died meanwhile (410): the screen shows the expired state. */
  onGone: (error: unknown) => void;
};

const isGone = (error: unknown) => isApiError(error) && error.status === 410;

/** The session now belongs to the new workspace: drop the previous workspace's lookups and reload. */
function enterWorkspace(reply: TAcceptInvitationReply, reload: (path: string) => void) {
  startSession(reply);
  clearCache();
  reload('/dashboard');
}

/** 'Join <company>' for an account that is signed in, on this screen or before. */
function JoinButton({
  invitation,
  accept,
  error,
  isPending,
}: {
  invitation: TInvitationPreview;
  accept: () => void;
  error: unknown;
  isPending: boolean;
}) {
  return (
    <Stack gap="sm">
      {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
      <Button
        size="md"
        fullWidth
        onClick={accept}
        loading={isPending}
        leftSection={<IconUserCheck size={18} />}
      >
        Join {invitation.company_name}
      </Button>
    </Stack>
  );
}

/** A visitor already signed in: joins with the stored session, or is told to switch accounts. */
export function SignedInJoin({
  token,
  invitation,
  signedInEmail,
  reload,
  onGone,
}: StepProps & { signedInEmail: string; reload: (path: string) => void }) {
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => acceptInvitationAsExistingUser(token),
    onSuccess: (reply) => enterWorkspace(reply, reload),
    onError: (error) => isGone(error) && onGone(error),
  });

  if (signedInEmail.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <Stack gap="sm">
        <Alert color="orange" variant="light" role="alert">
          You are signed in as <strong>{signedInEmail || 'another user'}</strong>, but this invitation was
          sent to <strong>{invitation.email}</strong>. Sign out, then open the link again.
        </Alert>
        <Button
          variant="default"
          fullWidth
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut({ queryClient, to: `/inviteUser?token=${encodeURIComponent(token)}` })}
        >
          Sign out
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" ta="center">
        You are signed in as <strong>{signedInEmail}</strong>.
      </Text>
      <JoinButton
        invitation={invitation}
        accept={() => join.mutate()}
        error={join.isError && !isGone(join.error) ? join.error : null}
        isPending={join.isPending}
      />
    </Stack>
  );
}

type ExistingStep =
  | { kind: 'intro' }
  | { kind: 'credentials' }
  | { kind: 'second-factor'; userId: string; method: 'TOTP' | 'EMAIL' }
  | { kind: 'join'; signin: TSessionReply };

/**
 * The invited email has an account: it signs in here (password, then its second factor if it has
 * one) and joins with that session's Bearer. The sign-in session itself is never stored: the
 * session kept is the one the join answers, in the new workspace.
 */
export function ExistingAccountJoin({
  token,
  invitation,
  reload,
  onGone,
  notice,
}: StepProps & { reload: (path: string) => void; notice?: string }) {
  const [step, setStep] = useState<ExistingStep>({ kind: 'intro' });
  const form = useAuthForm({ password: '' }, ['password']);
  const signin = useMutation({ mutationFn: signIn });
  const join = useMutation({
    mutationFn: async (signinReply: TSessionReply) => {
      const reply = await acceptInvitationAsExistingUser(token, signinReply.access_token);
      // The sign-in session was only the key to join: end it (before the page reloads).
      await revokeSession(signinReply.refresh_token).catch(() => undefined);
      return reply;
    },
    onSuccess: (reply) => enterWorkspace(reply, reload),
    onError: (error) => isGone(error) && onGone(error),
  });

  const submit = () => {
    if (!form.values.password) {
      form.setErrors({ password: 'Required' });
      return;
    }
    signin.mutate(
      { email: invitation.email, password: form.values.password },
      {
        onSuccess: (reply) => {
          if (reply.mf2a)
            setStep({ kind: 'second-factor', userId: reply.user_id, method: reply.mf2a_method });
          else setStep({ kind: 'join', signin: reply });
        },
        onError: (error) => {
          form.setValue('password', '');
          form.showError(error);
        },
      },
    );
  };

  if (step.kind === 'second-factor') {
    return (
      <SecondFactorForm
        userId={step.userId}
        method={step.method}
        onVerified={(reply) => setStep({ kind: 'join', signin: reply })}
        onBack={() => setStep({ kind: 'credentials' })}
      />
    );
  }

  if (step.kind === 'join') {
    const name = formatFullName(step.signin.user_details) || invitation.email;
    return (
      <Stack gap="sm" data-testid="invitation-join">
        <Text size="sm" ta="center">
          Signed in as <strong>{name}</strong>.
        </Text>
        <JoinButton
          invitation={invitation}
          accept={() => join.mutate(step.signin)}
          error={join.isError && !isGone(join.error) ? join.error : null}
          isPending={join.isPending}
        />
      </Stack>
    );
  }

  if (step.kind === 'credentials') {
    return (
      <AccountForm
        label="Sign in to accept"
        problem={form.critical}
        onSubmit={submit}
        submitLabel="Sign in"
        isPending={signin.isPending}
        leftIcon={<IconLogin size={18} />}
        footer={<BackButton onClick={() => setStep({ kind: 'intro' })}>Back</BackButton>}
      >
        <EmailInput
          value={invitation.email}
          readOnly
          autoComplete="username"
          required={false}
          placeholder={undefined}
        />
        <CurrentPasswordInput {...form.inputProps('password')} label="Password" autoFocus />
      </AccountForm>
    );
  }

  return (
    <Stack gap="sm" data-testid="invitation-existing-account">
      {notice && (
        <Alert color="blue" variant="light">
          {notice}
        </Alert>
      )}
      <Text size="sm" ta="center">
        <strong>{invitation.email}</strong> already has an account. Sign in to accept the invitation.
      </Text>
      <Button
        size="md"
        fullWidth
        leftSection={<IconLogin size={18} />}
        onClick={() => setStep({ kind: 'credentials' })}
      >
        Sign in to accept
      </Button>
    </Stack>
  );
}

/** A new account: names and a password; the answer is a session in the company. */
export function NewAccountJoin({
  token,
  invitation,
  onGone,
  reload,
}: StepProps & { reload: (path: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useAuthForm(
    { first_name: invitation.first_name, last_name: invitation.last_name, password: '' },
    ['first_name', 'last_name', 'password'],
  );
  const accept = useMutation({ mutationFn: acceptInvitationAsNewUser });

  const submit = () => {
    const data = form.check(ZAcceptInvitationForm);
    if (!data) return;
    accept.mutate(
      { token, ...data },
      {
        onSuccess: (reply) => {
          // The same storing as the sign-in screen, and the same way on.
          startSession(reply);
          void afterSigninPath(sessionStore.getState(), location.search).then((path) =>
            navigate(path, { replace: true }),
          );
        },
        onError: (error) => {
          form.setValue('password', '');
          if (isGone(error)) onGone(error);
          else if (isApiError(error) && error.status === 409) setConflict(error.message);
          else form.showError(error);
        },
      },
    );
  };

  // The email got an account meanwhile: accepting needs its sign-in.
  if (conflict) {
    return (
      <ExistingAccountJoin
        token={token}
        invitation={invitation}
        reload={reload}
        onGone={onGone}
        notice={conflict}
      />
    );
  }

  return (
    <AccountForm
      label="Create your account"
      problem={form.critical}
      onSubmit={submit}
      submitLabel="Create account and join"
      isPending={accept.isPending}
      leftIcon={<IconUserPlus size={18} />}
    >
      <Text size="sm" c="dimmed">
        Create your account to join. Your email is confirmed by this link.
      </Text>
      <NameFields first={form.inputProps('first_name')} last={form.inputProps('last_name')} />
      <NewPasswordFields
        password={form.inputProps('password')}
        hintId="invite-password-hint"
        label="Password"
      />
    </AccountForm>
  );
}

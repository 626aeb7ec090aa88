import { useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TApplicationUserLinkInfo } from '@esigns/contracts/application-users';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { confirmationError } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { useAuthForm } from '../auth/use-auth-form';
import { acceptContactLink, describeContactLink } from './contact-account-api';
import { ContactSecondFactor } from './contact-second-factor';
import { useContactLanding } from './use-contact-landing';

type Challenge = { userId: string; method: 'TOTP' | 'EMAIL' } | null;

/** A link that is not valid (410): used, replaced, expired or withdrawn. */
function DeadLink({ message, onSignin }: { message: string; onSignin: () => void }) {
  usePageTitle('Link not valid');
  return (
    <Stack gap="md" data-testid="dead-link">
      <AccountHeader
        title="This link cannot be used"
        description={message}
        icon={<IconLinkOff size={26} />}
      />
      <Button onClick={onSignin} fullWidth>
        Go to sign in
      </Button>
    </Stack>
  );
}

function LinkForm({ token, info }: { token: string; info: TApplicationUserLinkInfo }) {
  const [challenge, setChallenge] = useState<Challenge>(null);
  const land = useContactLanding();
  const isInvitation = info.purpose === 'INVITATION';
  const needsPassword = !info.has_password;
  const form = useAuthForm({ password: '', confirmation: '' }, ['password', 'confirmation']);
  const accept = useMutation({ mutationFn: acceptContactLink });
  const title = isInvitation ? `Welcome to ${info.company.name}` : 'Choose a new password';
  usePageTitle(challenge ? 'Two-step verification' : title);

  const onSubmit = () => {
    if (needsPassword) {
      const differ = confirmationError(form.values.password, form.values.confirmation);
      if (!form.values.password || differ) {
        form.setErrors({
          ...(form.values.password ? {} : { password: 'Required' }),
          ...(differ ? { confirmation: differ } : {}),
        });
        return;
      }
    }
    accept.mutate(needsPassword ? { token, password: form.values.password } : { token }, {
      onSuccess: (reply) => {
        if (reply.mf2a) setChallenge({ userId: reply.user_id, method: reply.mf2a_method });
        else land(reply);
      },
      onError: form.showError,
    });
  };

  if (challenge) {
    return <ContactSecondFactor {...challenge} onVerified={land} onBack={() => setChallenge(null)} />;
  }
  const who = `${info.first_name} ${info.last_name}`.trim() || info.email;
  return (
    <AccountForm
      title={title}
      description={
        isInvitation ? (
          <>
            {info.company.name} gave <b>{who}</b> ({info.email}) access to its contact area: your documents,
            forms and records.
            {needsPassword
              ? ' Choose a password to open it.'
              : ' Your email already has a password: accept to open it.'}
          </>
        ) : (
          <>
            For <b>{info.email}</b> at {info.company.name}.
          </>
        )
      }
      problem={form.critical}
      onSubmit={onSubmit}
      submitLabel={isInvitation ? 'Accept and open' : 'Save and sign in'}
      isPending={accept.isPending}
      leftIcon={<IconCheck size={18} />}
    >
      {needsPassword ? (
        <NewPasswordFields
          password={form.inputProps('password')}
          confirmation={form.inputProps('confirmation')}
          hintId="contact-password-hint"
          label={isInvitation ? 'Password' : 'New password'}
          confirmationLabel="Type it again"
        />
      ) : (
        <Text size="sm" c="dimmed">
          You will sign in later with the password you already use for {info.email}.
        </Text>
      )}
    </AccountForm>
  );
}

/** `?invitation=<token>` or `?reset=<token>` of /ap/signin: who and where, then the password. */
export function ContactLinkStep({ token, onSignin }: { token: string; onSignin: () => void }) {
  const link = useQuery({
    queryKey: ['contact-link', token],
    queryFn: () => describeContactLink(token),
    retry: false,
    staleTime: Infinity,
  });
  if (link.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Checking the link" />
      </Center>
    );
  }
  if (link.isError) return <DeadLink message={link.error.message} onSignin={onSignin} />;
  return <LinkForm token={token} info={link.data} />;
}

import { Button, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUserQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput, NameFields } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { useAuthForm } from '../auth/use-auth-form';
import { completeSsoSignup } from './sso-api';
import { startSsoSession } from './sso-session';
import { forgetSsoNewUser, readSsoNewUser } from './sso-storage';

function NothingToComplete({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="md" data-testid="sso-signup-unavailable">
      <AccountHeader title={title} description={message} icon={<IconUserQuestion size={28} stroke={1.6} />} />
      <Button component={Link} to="/sso-signin" fullWidth>
        Back to single sign-on
      </Button>
    </Stack>
  );
}

/**
 * /sso-signup: the provider vouched for someone who is not a member yet (NEW_USER). They check
 * their name and join the company with the user type it set, when it creates users this way.
 */
export function SsoSignupScreen() {
  usePageTitle('Sign up with single sign-on');
  const navigate = useNavigate();
  const offer = readSsoNewUser();
  const form = useAuthForm({ first_name: offer?.first_name ?? '', last_name: offer?.last_name ?? '' }, [
    'first_name',
    'last_name',
  ]);
  const signup = useMutation({
    mutationFn: completeSsoSignup,
    onSuccess: async (reply) => {
      forgetSsoNewUser();
      await navigate(await startSsoSession(reply), { replace: true });
    },
    onError: (error) => form.showError(error),
  });

  if (!offer) {
    return (
      <NothingToComplete
        title="Nothing to complete"
        message="Your single sign-on expired or was finished in another tab. Sign in again."
      />
    );
  }
  if (!offer.can_sign_up) {
    return (
      <NothingToComplete
        title={`You are not a member of ${offer.company_name} yet`}
        message={`${offer.company_name} does not create accounts from single sign-on. Ask an administrator to add ${offer.email}.`}
      />
    );
  }
  const onSubmit = async () => {
    const { ZSsoSignupRequest } = await import('@esigns/contracts/sso');
    const data = form.check(ZSsoSignupRequest, { ...form.values, signup_token: offer.signup_token });
    if (data) signup.mutate(data);
  };
  return (
    <AccountForm
      title={`Join ${offer.company_name}`}
      description="Your identity provider confirmed your email. Check your name to finish."
      icon={<IconUserPlus size={28} stroke={1.6} />}
      problem={form.critical}
      onSubmit={() => void onSubmit()}
      submitLabel="Create my account"
      isPending={signup.isPending}
    >
      <EmailInput value={offer.email} readOnly label="Work email" />
      <NameFields first={form.inputProps('first_name')} last={form.inputProps('last_name')} />
      <Text size="xs" c="dimmed">
        You will sign in with single sign-on. You can set a password later with "Forgot password".
      </Text>
    </AccountForm>
  );
}

import { useState, type ReactNode } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { CurrentPasswordInput, EmailInput } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { useAuthForm } from '../auth/use-auth-form';
import { signInContact } from './contact-account-api';
import { ContactSecondFactor } from './contact-second-factor';
import { useContactLanding } from './use-contact-landing';

type Challenge = { userId: string; method: 'TOTP' | 'EMAIL' } | null;

/** Email and password on the company's contact sign-in page, then the second factor when the login has one. */
export function ContactSigninForm(props: {
  slug: string;
  companyName: string;
  header: ReactNode;
  titleId: string;
  email?: string;
  onForgot: (email: string) => void;
}) {
  const [challenge, setChallenge] = useState<Challenge>(null);
  const form = useAuthForm({ email: props.email ?? '', password: '' }, ['email', 'password']);
  const land = useContactLanding();
  const signin = useMutation({ mutationFn: signInContact });
  usePageTitle(challenge ? 'Two-step verification' : `Sign in to ${props.companyName}`);

  const onSubmit = async () => {
    const { ZApplicationUserSigninRequest } = await import('@esigns/contracts/application-users');
    const data = form.check(ZApplicationUserSigninRequest.omit({ company_slug: true }));
    if (!data) return;
    signin.mutate(
      { ...data, company_slug: props.slug },
      {
        onSuccess: (reply) => {
          if (reply.mf2a) setChallenge({ userId: reply.user_id, method: reply.mf2a_method });
          else land(reply);
        },
        onError: (error) => {
          form.setValue('password', '');
          form.showError(error);
        },
      },
    );
  };

  if (challenge) {
    return (
      <ContactSecondFactor
        userId={challenge.userId}
        method={challenge.method}
        onVerified={land}
        onBack={() => setChallenge(null)}
      />
    );
  }
  return (
    <AccountForm
      labelledBy={props.titleId}
      header={props.header}
      problem={form.critical}
      onSubmit={() => void onSubmit()}
      submitLabel="Sign in"
      isPending={signin.isPending}
      leftIcon={<IconLogin size={18} />}
    >
      <EmailInput {...form.inputProps('email')} autoComplete="username" autoFocus={!form.values.email} />
      <Stack gap={4}>
        <CurrentPasswordInput {...form.inputProps('password')} label="Password" placeholder="Your password" />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => props.onForgot(form.values.email)}
          >
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </AccountForm>
  );
}

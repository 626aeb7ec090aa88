import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { BackButton } from '../../shared/ui/account-forms/account-links';
import { useAuthForm } from '../auth/use-auth-form';
import { requestContactLink } from './contact-account-api';

/**
 * "Forgot password?" of the contact sign-in page: a reset link (or, for an invitation not yet
 * accepted, the invitation again) is mailed; the answer is the same for any email.
 */
export function ContactForgotForm(props: {
  slug: string;
  header: ReactNode;
  email: string;
  onBack: () => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm({ email: props.email }, ['email']);
  const send = useMutation({ mutationFn: requestContactLink });
  usePageTitle('Reset your password');

  const onSubmit = async () => {
    const { ZApplicationUserForgotRequest } = await import('@esigns/contracts/application-users');
    const data = form.check(ZApplicationUserForgotRequest.omit({ company_slug: true }));
    if (!data) return;
    send.mutate(
      { email: data.email, company_slug: props.slug },
      { onSuccess: () => setSentTo(data.email), onError: form.showError },
    );
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        {props.header}
        <Alert color="teal" title="Check your email" role="status">
          If {sentTo} has access here, a link to choose a new password is on its way. It works for one hour.
        </Alert>
        <Button variant="light" onClick={props.onBack} fullWidth>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <AccountForm
      title="Reset your password"
      description="Enter your email: we mail you a link to choose a new password."
      problem={form.critical}
      onSubmit={() => void onSubmit()}
      submitLabel="Send the link"
      isPending={send.isPending}
      leftIcon={<IconMailForward size={18} />}
      footer={<BackButton onClick={props.onBack}>Back to sign in</BackButton>}
    >
      <EmailInput {...form.inputProps('email')} autoComplete="username" autoFocus />
    </AccountForm>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZResendVerifyRequest } from '@esigns/contracts/auth';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { resendVerification } from './auth-api';
import { withEmail } from './auth-links';
import { AuthScreenHeader } from './auth-screen-header';
import { ResendButton } from './resend-button';
import { useAuthForm } from './use-auth-form';

/** /send-verification: asks for a new verification code for an account that is not verified yet. */
export function SendVerificationScreen() {
  usePageTitle('Resend verification');
  const [params] = useSearchParams();
  const form = useAuthForm({ email: params.get('email') ?? '' }, ['email']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({ mutationFn: resendVerification });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(ZResendVerifyRequest);
    if (!data) return;
    send.mutate(data.email, { onSuccess: () => setSentTo(data.email), onError: form.showError });
  };

  if (sentTo) {
    return (
      <Stack gap="md" data-testid="verification-sent">
        <AuthScreenHeader
          title="Check your inbox"
          description={
            <>
              If{' '}
              <Text span fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
                {sentTo}
              </Text>{' '}
              belongs to an account waiting for verification, we sent it a new 6-digit code.
            </>
          }
          icon={<IconMail size={28} stroke={1.6} />}
        />
        <Button component={Link} to={withEmail('/verify', sentTo)} fullWidth size="md">
          Enter the code
        </Button>
        <ResendButton onResend={() => resendVerification(sentTo)} isJustSent />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="send-verification-title">
      <AuthScreenHeader
        titleId="send-verification-title"
        title="Resend verification"
        description="Enter the email you signed up with and we will send you a new verification code."
        icon={<IconMailForward size={28} stroke={1.6} />}
      />
      <Stack gap="md">
        {form.critical && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.critical}
          </Alert>
        )}
        <TextInput
          {...form.inputProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          autoFocus
        />
        <Button type="submit" fullWidth size="md" loading={send.isPending}>
          Send verification code
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          <Anchor component={Link} to="/signin" fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

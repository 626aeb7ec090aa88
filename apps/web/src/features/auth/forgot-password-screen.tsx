import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZForgotPasswordRequest } from '@esigns/contracts/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { requestPasswordReset } from './auth-api';
import { withEmail } from './auth-links';
import { AuthScreenHeader } from './auth-screen-header';
import { useAuthForm } from './use-auth-form';

/** /forgot-password: mails a 6-digit reset code, then /forgot-password-verification takes it. */
export function ForgotPasswordScreen() {
  usePageTitle('Forgot password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useAuthForm({ email: params.get('email') ?? '' }, ['email']);
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.check(ZForgotPasswordRequest);
    if (!data) return;
    request.mutate(data.email, {
      onSuccess: () => void navigate(withEmail('/forgot-password-verification', data.email)),
      onError: form.showError,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-password-title">
      <AuthScreenHeader
        titleId="forgot-password-title"
        title="Forgot your password?"
        description="Enter the email of your account and we will send you a code to choose a new password."
        icon={<IconKey size={28} stroke={1.6} />}
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
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          Send reset code
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Remembered it?{' '}
          <Anchor component={Link} to={withEmail('/signin', form.values.email)} fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

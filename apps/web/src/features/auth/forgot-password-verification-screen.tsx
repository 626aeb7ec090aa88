import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLockCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZResetPasswordRequest } from '@esigns/contracts/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { requestPasswordReset, resetPassword } from './auth-api';
import { withEmail } from './auth-links';
import { AuthScreenHeader } from './auth-screen-header';
import { CODE_LENGTH, CodeInput } from './code-input';
import { PasswordStrengthHint } from './password-strength-hint';
import { ResendButton } from './resend-button';
import { useAuthForm, validateWith } from './use-auth-form';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** /forgot-password-verification: the mailed code and a new password (typed twice). */
export function ForgotPasswordVerificationScreen() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const emailFromQuery = params.get('email') ?? '';
  const [isEmailEditable, setIsEmailEditable] = useState(!emailFromQuery);
  const form = useAuthForm({ email: emailFromQuery, code: '', password: '', confirm_password: '' }, [
    'email',
    'code',
    'password',
    'confirm_password',
  ]);
  const reset = useMutation({ mutationFn: resetPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { email, code, password, confirm_password } = form.values;
    const result = validateWith(ZResetPasswordRequest, { email, code, password });
    const errors = { ...(result.errors ?? {}) };
    if (code.trim().length < CODE_LENGTH && !errors.code)
      errors.code = `Enter all ${CODE_LENGTH} digits of the code`;
    if (!confirm_password) errors.confirm_password = 'Type the new password again';
    else if (confirm_password !== password) errors.confirm_password = PASSWORDS_DIFFER;
    form.setCritical(null);
    form.setErrors(errors);
    if (errors.email) setIsEmailEditable(true);
    if (!result.data || Object.keys(errors).length) return;
    const data = result.data;
    reset.mutate(data, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Password changed',
          message: 'Sign in with your new password.',
        });
        void navigate(withEmail('/signin', data.email), { replace: true });
      },
      onError: (error) => {
        form.showError(error);
        if (isApiError(error) && error.fieldErrors.email) setIsEmailEditable(true);
      },
    });
  };

  const email = form.values.email.trim();
  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-password-title">
      <AuthScreenHeader
        titleId="reset-password-title"
        title="Choose a new password"
        description={
          emailFromQuery ? (
            <>
              If an account exists for{' '}
              <Text span fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
                {emailFromQuery}
              </Text>
              , we sent it a {CODE_LENGTH}-digit code. Enter it with your new password.
            </>
          ) : (
            `Enter your email, the ${CODE_LENGTH}-digit code we sent you and your new password.`
          )
        }
        icon={<IconLockCheck size={28} stroke={1.6} />}
      />
      <Stack gap="md">
        {form.critical && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.critical}
          </Alert>
        )}
        {isEmailEditable && (
          <TextInput
            {...form.inputProps('email')}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
        )}
        <CodeInput
          id="reset-code"
          label="Reset code"
          value={form.values.code}
          onChange={(value) => form.setValue('code', value)}
          error={form.errors.code}
          disabled={reset.isPending}
          autoFocus={Boolean(emailFromQuery)}
        />
        <Stack gap={8}>
          <PasswordInput
            {...form.inputProps('password')}
            aria-invalid={Boolean(form.errors.password)}
            label="New password"
            autoComplete="new-password"
            aria-describedby="reset-password-hint"
            required
          />
          <PasswordStrengthHint password={form.values.password} id="reset-password-hint" />
        </Stack>
        <PasswordInput
          {...form.inputProps('confirm_password')}
          label="Confirm new password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          Change password
        </Button>
        <Stack gap={2} align="center">
          <Text size="sm" c="dimmed">
            Didn&apos;t get the code?
          </Text>
          <ResendButton
            onResend={() => requestPasswordReset(email)}
            disabled={!email}
            isJustSent={Boolean(emailFromQuery)}
          />
        </Stack>
        <Text size="sm" ta="center" c="dimmed">
          <Anchor component={Link} to={withEmail('/signin', email)} fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

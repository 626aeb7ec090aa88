import { useState } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZResetPasswordRequest } from '@esigns/contracts/auth';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput, confirmationError } from '../../shared/ui/account-forms/account-fields';
import { NewPasswordFields } from '../../shared/ui/account-forms/new-password-fields';
import { CODE_LENGTH } from '../../shared/ui/account-forms/code-input';
import { CodeEntryForm, INCOMPLETE_CODE } from '../../shared/ui/account-forms/code-entry-form';
import { ResendPrompt } from '../../shared/ui/account-forms/resend-button';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { requestPasswordReset, resetPassword } from './auth-api';
import { withEmail } from './auth-links';
import { useAuthForm, validateWith } from './use-auth-form';

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

  const submit = () => {
    const { email, code, password, confirm_password } = form.values;
    const result = validateWith(ZResetPasswordRequest, { email, code, password });
    const errors = { ...(result.errors ?? {}) };
    if (code.trim().length < CODE_LENGTH && !errors.code) errors.code = INCOMPLETE_CODE;
    const confirmation = confirmationError(password, confirm_password);
    if (confirmation) errors.confirm_password = confirmation;
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
    <CodeEntryForm
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
      problem={form.critical}
      above={isEmailEditable && <EmailInput {...form.inputProps('email')} placeholder={undefined} />}
      id="reset-code"
      codeLabel="Reset code"
      value={form.values.code}
      onChange={(value) => form.setValue('code', value)}
      onSubmit={submit}
      isSentWhenComplete={false}
      error={form.errors.code}
      autoFocus={Boolean(emailFromQuery)}
      below={
        <NewPasswordFields
          password={form.inputProps('password')}
          hintId="reset-password-hint"
          confirmation={form.inputProps('confirm_password')}
        />
      }
      submitLabel="Change password"
      isPending={reset.isPending}
      footer={
        <>
          <ResendPrompt
            onResend={() => requestPasswordReset(email)}
            disabled={!email}
            isJustSent={Boolean(emailFromQuery)}
          />
          <LinkLine to={withEmail('/signin', email)}>Back to sign in</LinkLine>
        </>
      }
    />
  );
}

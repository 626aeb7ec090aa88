import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZEmailVerifyRequest } from '@esigns/contracts/auth';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput } from '../../shared/ui/account-forms/account-fields';
import { CODE_LENGTH } from '../../shared/ui/account-forms/code-input';
import { CodeEntryForm, INCOMPLETE_CODE } from '../../shared/ui/account-forms/code-entry-form';
import { ResendPrompt } from '../../shared/ui/account-forms/resend-button';
import { ErrorAlert } from '../../shared/ui/page-kit';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { resendVerification, verifyEmailCode, verifyEmailToken } from './auth-api';
import { withEmail } from './auth-links';
import { useAuthForm, validateWith } from './use-auth-form';

function VerifiedState({ email }: { email: string }) {
  return (
    <Stack gap="md" data-testid="email-verified">
      <AccountHeader
        title="Email verified"
        description="Your account is ready. Sign in to start sending documents."
        icon={<IconCircleCheck size={30} stroke={1.6} />}
      />
      <Button component={Link} to={withEmail('/signin', email)} fullWidth size="md">
        Continue to sign in
      </Button>
    </Stack>
  );
}

/** The mailed link `/verify?email=…&token=…`: verified as soon as the page opens. */
function useTokenVerification(token: string | null) {
  const verification = useMutation({ mutationFn: verifyEmailToken });
  const { mutate } = verification;
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    // Once per token, even when a development double render mounts the effect twice.
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);
  return verification;
}

/**
 * /verify: the 6-digit code mailed at sign-up for the email in the query (or a link carrying a
 * token), with a resend that waits 60 s between mails.
 */
export function VerifyScreen() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const emailFromQuery = params.get('email') ?? '';
  const form = useAuthForm({ email: emailFromQuery, code: '' }, ['email', 'code']);
  const [isCodeVerified, setIsCodeVerified] = useState(false);
  const [isEmailEditable, setIsEmailEditable] = useState(!emailFromQuery);
  const tokenVerification = useTokenVerification(token);
  const verify = useMutation({ mutationFn: verifyEmailCode });

  const send = (code: string) => {
    if (verify.isPending) return;
    if (code.length < CODE_LENGTH) {
      form.setErrors({ code: INCOMPLETE_CODE });
      return;
    }
    const result = validateWith(ZEmailVerifyRequest, { email: form.values.email, code });
    form.setCritical(null);
    form.setErrors(result.errors ?? {});
    if (!result.data) {
      if (result.errors.email) setIsEmailEditable(true);
      return;
    }
    verify.mutate(result.data, {
      onSuccess: () => setIsCodeVerified(true),
      onError: (error) => {
        form.setValue('code', '');
        form.showError(error);
        if (isApiError(error) && error.fieldErrors.email) setIsEmailEditable(true);
      },
    });
  };

  if (isCodeVerified || tokenVerification.isSuccess) return <VerifiedState email={form.values.email} />;

  if (token && (tokenVerification.isPending || tokenVerification.isIdle)) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" aria-live="polite" aria-busy="true">
          <Loader />
          <Text>Verifying your email…</Text>
        </Stack>
      </Center>
    );
  }

  const linkError = token && tokenVerification.isError ? tokenVerification.error : null;
  const email = form.values.email.trim();
  return (
    <CodeEntryForm
      title="Verify your email"
      description={
        emailFromQuery ? (
          <>
            We sent a {CODE_LENGTH}-digit code to{' '}
            <Text span fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
              {emailFromQuery}
            </Text>
            . Enter it below to activate your account.
          </>
        ) : (
          `Enter your email and the ${CODE_LENGTH}-digit code we sent you.`
        )
      }
      icon={<IconMailCheck size={28} stroke={1.6} />}
      problem={form.critical}
      above={
        <>
          {linkError && (
            <ErrorAlert>
              {isApiError(linkError) ? linkError.message : 'This verification link could not be used.'} Enter
              the code from the email instead, or ask for a new one.
            </ErrorAlert>
          )}
          {isEmailEditable && <EmailInput {...form.inputProps('email')} placeholder={undefined} />}
        </>
      }
      id="verify-code"
      codeLabel="Verification code"
      value={form.values.code}
      onChange={(value) => form.setValue('code', value)}
      onSubmit={send}
      error={form.errors.code}
      autoFocus={Boolean(emailFromQuery)}
      submitLabel="Verify email"
      isPending={verify.isPending}
      footer={
        <>
          <ResendPrompt
            onResend={() => resendVerification(email)}
            disabled={!email}
            sentMessage="If this account is waiting for verification, a new code is on its way."
          />
          <LinkLine question="Already verified?" to={withEmail('/signin', email)}>
            Sign in
          </LinkLine>
        </>
      }
    />
  );
}

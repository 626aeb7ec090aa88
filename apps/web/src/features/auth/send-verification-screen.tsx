import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconMail, IconMailForward } from '@tabler/icons-react';
import { ZResendVerifyRequest } from '@esigns/contracts/auth';
import { Link } from 'react-router';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailStepForm } from '../../shared/ui/account-forms/email-step-form';
import { ResendButton } from '../../shared/ui/account-forms/resend-button';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { resendVerification } from './auth-api';
import { withEmail } from './auth-links';
import { useEmailStep } from './use-email-step';

/** /send-verification: asks for a new verification code for an account that is not verified yet. */
export function SendVerificationScreen() {
  usePageTitle('Resend verification');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const step = useEmailStep(ZResendVerifyRequest, resendVerification, (_reply, email) => setSentTo(email));

  if (sentTo) {
    return (
      <Stack gap="md" data-testid="verification-sent">
        <AccountHeader
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
    <EmailStepForm
      title="Resend verification"
      description="Enter the email you signed up with and we will send you a new verification code."
      icon={<IconMailForward size={28} stroke={1.6} />}
      {...step.formProps}
      submitLabel="Send verification code"
      footer={<LinkLine to="/signin">Back to sign in</LinkLine>}
    />
  );
}

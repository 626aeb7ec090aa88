import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { ResendButton } from '../../shared/ui/account-forms/resend-button';
import { BackButton } from '../../shared/ui/account-forms/account-links';
import { resendVerification } from './auth-api';
import { withEmail } from './auth-links';

/**
 * The account-not-verified state of spec 1 §4: shown when sign-in answers EMAIL_NOT_VERIFIED,
 * with the email kept so that the verification mail can be sent again.
 */
export function AccountNotVerified({
  email,
  message,
  onBack,
}: {
  email: string;
  message?: string;
  onBack?: () => void;
}) {
  return (
    <Stack gap="md" data-testid="account-not-verified">
      <AccountHeader
        title="Verify your email"
        description="Your account is not verified yet. Enter the code we emailed you, or ask for a new one."
        icon={<IconMailExclamation size={28} stroke={1.6} />}
      />
      {message && (
        <Alert color="yellow" variant="light" role="alert">
          {message}
        </Alert>
      )}
      <Text size="sm" ta="center">
        Account:{' '}
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="unverified-email">
          {email}
        </Text>
      </Text>
      <Button component={Link} to={withEmail('/verify', email)} fullWidth size="md">
        Enter verification code
      </Button>
      <ResendButton
        onResend={() => resendVerification(email)}
        label="Resend verification email"
        sentMessage="If this account is waiting for verification, a new code is on its way."
        variant="light"
        fullWidth
      />
      {onBack && <BackButton onClick={onBack}>Back to sign in</BackButton>}
    </Stack>
  );
}

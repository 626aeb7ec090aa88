import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TESignRecord, TSignerCodeSent } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { CODE_LENGTH } from '../../shared/ui/account-forms/code-input';
import { CodeEntryForm } from '../../shared/ui/account-forms/code-entry-form';
import { useCooldown } from '../../shared/ui/account-forms/use-cooldown';
import { sendVerificationCode, verifyCode, type SignerAccess } from './signing-api';

const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * The email-code gate: mail a 6-digit code to the recipient, then check it. Wrong codes show the
 * server's message (with the tries left); a killed code asks for a new one; resending waits for
 * the cooldown the server names.
 */
export function EmailCodeGate({
  record,
  access,
  onVerified,
}: {
  record: TESignRecord;
  access: SignerAccess;
  onVerified: () => void;
}) {
  const [sent, setSent] = useState<TSignerCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  /** Counts the codes sent: each one restarts the resend countdown. */
  const [sentCount, setSentCount] = useState(0);
  /** A wrong code remounts the boxes: the code input only reports a completed code once per mount. */
  const [attempt, setAttempt] = useState(0);

  const send = useMutation({
    mutationFn: () => sendVerificationCode(access),
    onSuccess: (answer) => {
      setSent(answer);
      setCode('');
      setCodeError(null);
      setSentCount((count) => count + 1);
    },
  });

  const verify = useMutation({
    mutationFn: (value: string) => verifyCode(access, value),
    onSuccess: () => onVerified(),
    onError: (error) => {
      setCode('');
      setAttempt((count) => count + 1);
      setCodeError(
        isApiError(error) ? (error.fieldErrors.code ?? error.message) : 'The code could not be checked.',
      );
    },
  });

  const submit = (value: string) => {
    if (value.length !== CODE_LENGTH || verify.isPending) return;
    setCodeError(null);
    verify.mutate(value);
  };

  const earlierProblem = record.verification_errors[0];

  if (!sent) {
    return (
      <Stack gap="md" data-testid="email-code-gate">
        <Text fw={600}>Confirm it is you</Text>
        <Text size="sm" c="dimmed">
          The sender asked us to check your email before you open this document. We will send a 6-digit code
          to <b>{record.recipient.email}</b>.
        </Text>
        {earlierProblem && (
          <Alert color="orange" variant="light">
            {earlierProblem}
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(send.error, 'The code could not be sent. Please try again.')}
          </Alert>
        )}
        <Button
          size="md"
          leftSection={<IconMail size={18} />}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          Email me a code
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="email-code-gate">
      <Text fw={600}>Enter the code we emailed you</Text>
      <Text size="sm" c="dimmed">
        We sent a 6-digit code to <b>{sent.sent_to}</b>. It is valid for 10 minutes.
      </Text>
      <CodeEntryForm
        id="signer-code"
        codeLabel="Verification code"
        attempt={`${sentCount}:${attempt}`}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (codeError) setCodeError(null);
        }}
        onSubmit={submit}
        error={codeError}
        autoFocus
        submitLabel="Verify and continue"
        isPending={verify.isPending}
        isSubmitDisabled={code.length !== CODE_LENGTH}
      />
      {send.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(send.error, 'The code could not be sent. Please try again.')}
        </Alert>
      )}
      <ResendCodeButton
        key={sentCount}
        seconds={sent.resend_after_seconds}
        isSending={send.isPending}
        onResend={() => send.mutate()}
      />
    </Stack>
  );
}

/** "Send a new code", available once the server's wait since the last code is over. */
function ResendCodeButton({
  seconds,
  isSending,
  onResend,
}: {
  seconds: number;
  isSending: boolean;
  onResend: () => void;
}) {
  const cooldown = useCooldown(Math.max(0, seconds), seconds > 0);
  return (
    <Button
      variant="subtle"
      leftSection={<IconRefresh size={16} />}
      disabled={cooldown.isCoolingDown}
      loading={isSending}
      onClick={onResend}
    >
      {cooldown.isCoolingDown ? `Send a new code in ${cooldown.remaining} s` : 'Send a new code'}
    </Button>
  );
}

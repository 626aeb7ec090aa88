import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { IconMail, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { PASSCODE_TTL_MINUTES, type TGuestSession } from '@esigns/contracts/form-builders';
import { isApiError } from '../../shared/api/api-error';
import { CODE_LENGTH } from '../../shared/ui/account-forms/code-input';
import { CodeEntryForm } from '../../shared/ui/account-forms/code-entry-form';
import { EmailStepForm } from '../../shared/ui/account-forms/email-step-form';
import { errorText } from '../../shared/ui/page-kit';
import { sendFormCode, verifyFormCode } from './fill-api';

/** The code can no longer be used (410, 409): a new one must be sent. */
const isDeadCode = (error: unknown) => isApiError(error) && (error.status === 410 || error.status === 409);

/**
 * A secure form's identification: the guest's email, then the 6-digit code mailed to it. A wrong
 * code shows the server's message (tries left); an expired or used-up code asks for a new one.
 */
export function EmailCodeSteps({
  formId,
  onSession,
}: {
  formId: string;
  onSession: (s: TGuestSession) => void;
}) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const send = useMutation({
    mutationFn: () => sendFormCode(formId, email.trim()),
    onSuccess: (answer) => {
      if ('passcode' in answer) return onSession(answer);
      setSentTo(answer.contact.email);
      setCode('');
      setCodeError(null);
      setAttempt((n) => n + 1);
    },
  });
  const verify = useMutation({
    mutationFn: (value: string) => verifyFormCode(formId, sentTo ?? email.trim(), value),
    onSuccess: onSession,
    onError: (error) => {
      setCode('');
      setAttempt((n) => n + 1);
      setCodeError(isApiError(error) ? (error.fieldErrors.code ?? error.message) : errorText(error));
    },
  });

  if (!sentTo) {
    const emailError = isApiError(send.error) ? send.error.fieldErrors.email : undefined;
    return (
      <EmailStepForm
        title="Confirm your email"
        description="We will email you a 6-digit code to make sure it is you."
        icon={<IconMail size={22} />}
        email={{
          name: 'email',
          value: email,
          onChange: (e) => setEmail(e.currentTarget.value),
          error: emailError,
        }}
        problem={send.error && !emailError ? errorText(send.error) : null}
        onSubmit={() => send.mutate()}
        submitLabel="Email me a code"
        isPending={send.isPending}
        isSubmitDisabled={!email.includes('@')}
        testId="email-step"
      />
    );
  }
  const isDead = isDeadCode(verify.error);
  return (
    <CodeEntryForm
      id="form-code"
      title="Enter the code"
      icon={<IconShieldCheck size={22} />}
      description={`We sent a ${CODE_LENGTH}-digit code to ${sentTo}. It is valid for ${PASSCODE_TTL_MINUTES} minutes.`}
      codeLabel="Verification code"
      attempt={attempt}
      value={code}
      onChange={(value) => {
        setCode(value);
        if (codeError) setCodeError(null);
      }}
      onSubmit={(value) => value.length === CODE_LENGTH && !verify.isPending && verify.mutate(value)}
      error={isDead ? null : codeError}
      problem={isDead ? codeError : send.error ? errorText(send.error) : null}
      autoFocus
      submitLabel="Verify and continue"
      isPending={verify.isPending}
      isSubmitDisabled={code.length !== CODE_LENGTH}
      testId="code-step"
      footer={
        <Text size="sm" ta="center">
          {isDead ? 'Ask for a new code: ' : 'No code? '}
          <Anchor component="button" type="button" onClick={() => send.mutate()} disabled={send.isPending}>
            Send a new code
          </Anchor>
          {' · '}
          <Anchor component="button" type="button" onClick={() => setSentTo(null)}>
            Use another email
          </Anchor>
        </Text>
      }
    />
  );
}

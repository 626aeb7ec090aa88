import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TSessionReply } from '@esigns/contracts/auth';
import { CODE_LENGTH } from '../../shared/ui/account-forms/code-input';
import { CodeEntryForm, INCOMPLETE_CODE } from '../../shared/ui/account-forms/code-entry-form';
import { BackButton } from '../../shared/ui/account-forms/account-links';
import { verifySecondFactor } from './auth-api';
import { useAuthForm } from './use-auth-form';

export type SecondFactorFormProps = {
  userId: string;
  method: 'TOTP' | 'EMAIL';
  onVerified: (reply: TSessionReply) => void;
  onBack: () => void;
};

const DESCRIPTIONS: Record<SecondFactorFormProps['method'], string> = {
  TOTP: 'Enter the 6-digit code from your authenticator app.',
  EMAIL: 'We sent a 6-digit code to your email. Enter it to finish signing in.',
};

/** The second step of sign-in for accounts with two-step verification: a code or a recovery code. */
export function SecondFactorForm({ userId, method, onVerified, onBack }: SecondFactorFormProps) {
  const [isRecovery, setIsRecovery] = useState(false);
  const form = useAuthForm({ code: '', recovery_code: '' }, ['code', 'recovery_code']);
  const verify = useMutation({ mutationFn: verifySecondFactor });

  const send = async (raw: string) => {
    if (verify.isPending) return;
    const field = isRecovery ? 'recovery_code' : 'code';
    const code = raw.trim().toUpperCase();
    if (!isRecovery && code.length < CODE_LENGTH) {
      form.setErrors({ code: INCOMPLETE_CODE });
      return;
    }
    // Loaded when a code is sent, not with the sign-in page (see signin-flow).
    const { ZMf2aVerifyRequest } = await import('@esigns/contracts/auth');
    const result = ZMf2aVerifyRequest.shape.code.safeParse(code);
    if (!result.success) {
      form.setErrors({ [field]: result.error.issues[0]?.message ?? 'Invalid code' });
      return;
    }
    form.setErrors({});
    form.setCritical(null);
    verify.mutate(
      { user_id: userId, code: result.data },
      {
        onSuccess: onVerified,
        onError: (error) => {
          form.setValue(field, '');
          // A 422 names the field `code`; in recovery mode it shows under the recovery input.
          form.showError(error);
        },
      },
    );
  };

  const toggleRecovery = () => {
    setIsRecovery((value) => !value);
    form.setErrors({});
    form.setCritical(null);
  };

  const codeError = form.errors.code;
  return (
    <CodeEntryForm
      testId="second-factor-step"
      title="Two-step verification"
      description={
        isRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification.'
          : DESCRIPTIONS[method]
      }
      icon={<IconShieldLock size={28} stroke={1.6} />}
      problem={form.critical}
      id="mf2a-code"
      codeLabel="Verification code"
      value={form.values.code}
      onChange={(value) => form.setValue('code', value)}
      onSubmit={(code) => void send(isRecovery ? form.values.recovery_code : code)}
      error={codeError}
      autoFocus
      replacement={
        isRecovery ? (
          <TextInput
            {...form.inputProps('recovery_code')}
            error={form.errors.recovery_code ?? codeError}
            label="Recovery code"
            placeholder="ABCD-1234"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={9}
            autoFocus
          />
        ) : undefined
      }
      submitLabel="Verify"
      isPending={verify.isPending}
      footer={
        <>
          <Button type="button" variant="subtle" onClick={toggleRecovery} disabled={verify.isPending}>
            {isRecovery ? 'Use the 6-digit code instead' : 'Use a recovery code'}
          </Button>
          <BackButton onClick={onBack}>Back to sign in</BackButton>
        </>
      }
    />
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TSessionReply } from '@esigns/contracts/auth';
import { verifySecondFactor } from './auth-api';
import { AuthScreenHeader } from './auth-screen-header';
import { CODE_LENGTH, CodeInput } from './code-input';
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
      form.setErrors({ code: `Enter all ${CODE_LENGTH} digits of the code` });
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(isRecovery ? form.values.recovery_code : form.values.code);
  };

  const toggleRecovery = () => {
    setIsRecovery((value) => !value);
    form.setErrors({});
    form.setCritical(null);
  };

  const codeError = form.errors.code;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="second-factor-title" data-testid="second-factor-step">
      <AuthScreenHeader
        titleId="second-factor-title"
        title="Two-step verification"
        description={
          isRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-step verification.'
            : DESCRIPTIONS[method]
        }
        icon={<IconShieldLock size={28} stroke={1.6} />}
      />
      <Stack gap="md">
        {form.critical && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.critical}
          </Alert>
        )}
        {isRecovery ? (
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
        ) : (
          <CodeInput
            id="mf2a-code"
            label="Verification code"
            value={form.values.code}
            onChange={(value) => form.setValue('code', value)}
            onComplete={(value) => void send(value)}
            error={codeError}
            disabled={verify.isPending}
            autoFocus
          />
        )}
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          Verify
        </Button>
        <Button type="button" variant="subtle" onClick={toggleRecovery} disabled={verify.isPending}>
          {isRecovery ? 'Use the 6-digit code instead' : 'Use a recovery code'}
        </Button>
        <Anchor component="button" type="button" onClick={onBack} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

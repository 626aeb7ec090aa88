import { PasswordInput, Stack } from '@mantine/core';
import type { BoundInput } from './account-fields';
import { PasswordStrengthHint } from './password-strength-hint';

// Apart from account-fields.tsx: the strength hint checks the contract's password rules (zod),
// which the sign-in page must not download.

export type NewPasswordFieldsProps = {
  password: BoundInput;
  /** Id of the strength hint under the password (its aria-describedby). */
  hintId: string;
  label?: string;
  /** The same password typed again, when the form asks for it. */
  confirmation?: BoundInput;
  confirmationLabel?: string;
};

/** A new password with its strength and rules, and optionally the same typed again. */
export function NewPasswordFields({
  password,
  hintId,
  label = 'New password',
  confirmation,
  confirmationLabel = 'Confirm new password',
}: NewPasswordFieldsProps) {
  return (
    <>
      <Stack gap={8}>
        <PasswordInput
          {...password}
          aria-invalid={Boolean(password.error)}
          label={label}
          autoComplete="new-password"
          aria-describedby={hintId}
          required
        />
        <PasswordStrengthHint password={password.value} id={hintId} />
      </Stack>
      {confirmation && (
        <PasswordInput
          {...confirmation}
          aria-invalid={Boolean(confirmation.error)}
          label={confirmationLabel}
          autoComplete="new-password"
          required
        />
      )}
    </>
  );
}

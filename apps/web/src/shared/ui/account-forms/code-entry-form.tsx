import type { Key, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { AccountForm, type AccountFormProps } from './account-form';
import { CODE_LENGTH, CodeInput } from './code-input';

/** The message under the boxes when fewer than six digits are in. */
export const INCOMPLETE_CODE = `Enter all ${CODE_LENGTH} digits of the code`;

export type CodeEntryFormProps = Omit<AccountFormProps, 'onSubmit' | 'children'> & {
  /** Base id of the six boxes: `${id}-1` … `${id}-6`. */
  id: string;
  /** Label of the boxes, e.g. 'Verification code'. */
  codeLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** Sends the code: on submit, and as soon as the sixth digit is in unless `isSentWhenComplete` is false. */
  onSubmit: (code: string) => void;
  isSentWhenComplete?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  /** Changes after a refused code: new boxes, as they report a complete code once per mount. */
  attempt?: Key;
  /** Inputs above the code (an email) and under it (a new password). */
  above?: ReactNode;
  below?: ReactNode;
  /** Shown instead of the boxes (e.g. a recovery code). */
  replacement?: ReactNode;
  /** The boxes narrower than the form. */
  codeMaxWidth?: number;
};

/**
 * The one form that takes a mailed or authenticator code: six boxes that send the code once the
 * last digit is in, the fields around them, a submit button and what is under it (resend, links).
 */
export function CodeEntryForm({
  id,
  codeLabel,
  value,
  onChange,
  onSubmit,
  isSentWhenComplete = true,
  error,
  autoFocus,
  attempt,
  above,
  below,
  replacement,
  codeMaxWidth,
  ...form
}: CodeEntryFormProps) {
  return (
    <AccountForm {...form} onSubmit={() => onSubmit(value)}>
      {above}
      {replacement ?? (
        <Box maw={codeMaxWidth}>
          <CodeInput
            key={attempt}
            id={id}
            label={codeLabel}
            value={value}
            onChange={onChange}
            onComplete={isSentWhenComplete ? onSubmit : undefined}
            error={error}
            disabled={form.isPending}
            autoFocus={autoFocus}
          />
        </Box>
      )}
      {below}
    </AccountForm>
  );
}

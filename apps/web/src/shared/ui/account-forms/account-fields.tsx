import type { ReactNode } from 'react';
import {
  PasswordInput,
  SimpleGrid,
  TextInput,
  type PasswordInputProps,
  type SimpleGridProps,
  type TextInputProps,
} from '@mantine/core';

/** An email input as every account form has it; any prop can be changed. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      required
      {...props}
    />
  );
}

/** The password the person has now (to sign in, or to confirm a change); any prop can be changed. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      required
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}

/** A phone number input (Indian example, the phone keyboard on touch screens); any prop can be changed. */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      label="Phone"
      type="tel"
      inputMode="tel"
      placeholder="+91 98765 43210"
      autoComplete="tel"
      {...props}
    />
  );
}

/** What a form hook gives an input: its name, value, change handler and error. */
export type BoundInput = Pick<TextInputProps, 'name' | 'onChange' | 'error'> & { value: string };

/** First and last name side by side (one under the other on phones), then any more cells. */
export function NameFields({
  first,
  last,
  cols = { base: 1, xs: 2 },
  children,
}: {
  first: BoundInput;
  last: BoundInput;
  cols?: SimpleGridProps['cols'];
  children?: ReactNode;
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="md">
      <TextInput {...first} label="First name" autoComplete="given-name" required />
      <TextInput {...last} label="Last name" autoComplete="family-name" required />
      {children}
    </SimpleGrid>
  );
}

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The error of the "type it again" input, or null when it matches. */
export function confirmationError(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Type the new password again';
  return confirmation === password ? null : PASSWORDS_DIFFER;
}

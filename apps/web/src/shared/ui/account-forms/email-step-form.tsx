import { AccountForm, type AccountFormProps } from './account-form';
import { EmailInput, type BoundInput } from './account-fields';

export type EmailStepFormProps = Omit<AccountFormProps, 'children'> & {
  /** The email input's name, value, change handler and error. */
  email: BoundInput;
};

/** The "enter your email" step: a heading, the email and one button (reset, resend, join). */
export function EmailStepForm({ email, ...form }: EmailStepFormProps) {
  return (
    <AccountForm {...form}>
      <EmailInput {...email} autoFocus />
    </AccountForm>
  );
}

import { IconKey } from '@tabler/icons-react';
import { ZForgotPasswordRequest } from '@esigns/contracts/auth';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailStepForm } from '../../shared/ui/account-forms/email-step-form';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { requestPasswordReset } from './auth-api';
import { withEmail } from './auth-links';
import { useEmailStep } from './use-email-step';

/** /forgot-password: mails a 6-digit reset code, then /forgot-password-verification takes it. */
export function ForgotPasswordScreen() {
  usePageTitle('Forgot password');
  const navigate = useNavigate();
  const step = useEmailStep(ZForgotPasswordRequest, requestPasswordReset, (_reply, email) =>
    navigate(withEmail('/forgot-password-verification', email)),
  );

  return (
    <EmailStepForm
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a code to choose a new password."
      icon={<IconKey size={28} stroke={1.6} />}
      {...step.formProps}
      submitLabel="Send reset code"
      footer={
        <LinkLine question="Remembered it?" to={withEmail('/signin', step.email)}>
          Back to sign in
        </LinkLine>
      }
    />
  );
}

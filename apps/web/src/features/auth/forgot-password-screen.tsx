import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ZForgotPasswordRequest } from '@esigns/contracts/auth';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailStepForm } from '../../shared/ui/account-forms/email-step-form';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { requestPasswordReset } from './auth-api';
import { withEmail } from './auth-links';
import { useAuthForm } from './use-auth-form';

/** /forgot-password: mails a 6-digit reset code, then /forgot-password-verification takes it. */
export function ForgotPasswordScreen() {
  usePageTitle('Forgot password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useAuthForm({ email: params.get('email') ?? '' }, ['email']);
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = () => {
    const data = form.check(ZForgotPasswordRequest);
    if (!data) return;
    request.mutate(data.email, {
      onSuccess: () => void navigate(withEmail('/forgot-password-verification', data.email)),
      onError: form.showError,
    });
  };

  return (
    <EmailStepForm
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a code to choose a new password."
      icon={<IconKey size={28} stroke={1.6} />}
      problem={form.critical}
      email={form.inputProps('email')}
      onSubmit={submit}
      submitLabel="Send reset code"
      isPending={request.isPending}
      footer={
        <LinkLine question="Remembered it?" to={withEmail('/signin', form.values.email)}>
          Back to sign in
        </LinkLine>
      }
    />
  );
}

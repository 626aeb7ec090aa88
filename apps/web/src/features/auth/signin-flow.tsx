import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Center, Group, Loader, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TSessionReply, TSigninReply, TSigninRequest } from '@esigns/contracts/auth';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterSigninPath } from '../../app/guard-decision';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { sessionStore } from '../../shared/session/session-store';
import { CurrentPasswordInput, EmailInput } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { AccountNotVerified } from './account-not-verified';
import { withEmail } from './auth-links';
import { startSession } from './auth-session';
import { useAuthForm } from './use-auth-form';

/** The code step loads when an account asks for it, not with the sign-in page. */
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

type Step =
  | { kind: 'credentials' }
  | { kind: 'second-factor'; userId: string; method: 'TOTP' | 'EMAIL' }
  | { kind: 'not-verified'; email: string; message: string };

export type SigninFlowProps = {
  /** Browser tab title of the credentials step. */
  pageTitle: string;
  /** Heading and help above the credentials (the form's accessible name comes from `titleId`). */
  header: ReactNode;
  titleId: string;
  /** The call that checks the credentials: `POST /signin` or `POST /employee/signin`. */
  submit: (credentials: TSigninRequest) => Promise<TSigninReply>;
  /** Where the session lands when `redirect_url` names no page; default: the session's home. */
  landing?: string;
  /** Under the button (links to sign-up and the like). */
  footer?: ReactNode;
};

/**
 * Email and password, then the second factor when the account has one, or the
 * account-not-verified state (spec 1 §4). Shared by /signin and a company's own sign-in page.
 */
export function SigninFlow({ pageTitle, header, titleId, submit, landing, footer }: SigninFlowProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const form = useAuthForm({ email: params.get('email') ?? '', password: '' }, ['email', 'password']);
  usePageTitle(step.kind === 'second-factor' ? 'Two-step verification' : pageTitle);

  const finish = (reply: TSessionReply) => {
    startSession(reply);
    void afterSigninPath(sessionStore.getState(), location.search, landing).then((path) =>
      navigate(path, { replace: true }),
    );
  };

  const signin = useMutation({ mutationFn: submit });

  const onSubmit = async () => {
    // The schema (and zod with it) loads on the first submit, not with the page: the sign-in
    // page is the first thing a visitor downloads.
    const { ZSigninRequest } = await import('@esigns/contracts/auth');
    const data = form.check(ZSigninRequest);
    if (!data) return;
    signin.mutate(data, {
      onSuccess: (reply) => {
        if (reply.mf2a) setStep({ kind: 'second-factor', userId: reply.user_id, method: reply.mf2a_method });
        else finish(reply);
      },
      onError: (error) => {
        form.setValue('password', '');
        if (isApiError(error) && error.hasCode('EMAIL_NOT_VERIFIED')) {
          setStep({ kind: 'not-verified', email: data.email, message: error.message });
        } else {
          form.showError(error);
        }
      },
    });
  };

  const backToCredentials = () => setStep({ kind: 'credentials' });

  if (step.kind === 'second-factor') {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        <SecondFactorForm
          userId={step.userId}
          method={step.method}
          onVerified={finish}
          onBack={backToCredentials}
        />
      </Suspense>
    );
  }
  if (step.kind === 'not-verified') {
    return <AccountNotVerified email={step.email} message={step.message} onBack={backToCredentials} />;
  }

  return (
    <AccountForm
      labelledBy={titleId}
      header={header}
      problem={form.critical}
      onSubmit={() => void onSubmit()}
      submitLabel="Sign in"
      isPending={signin.isPending}
      leftIcon={<IconLogin size={18} />}
      footer={footer}
    >
      <EmailInput {...form.inputProps('email')} autoComplete="username" autoFocus={!form.values.email} />
      <Stack gap={4}>
        <CurrentPasswordInput
          {...form.inputProps('password')}
          label="Password"
          placeholder="Your password"
          autoFocus={Boolean(form.values.email)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={withEmail('/forgot-password', form.values.email)} size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </AccountForm>
  );
}

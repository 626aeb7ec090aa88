import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { signIn } from './auth-api';
import { SigninFlow } from './signin-flow';

/** A company's own sign-in page loads when asked for: the plain sign-in page does not carry it. */
const EmployeeSigninScreen = lazy(() =>
  import('./employee-signin-screen').then((m) => ({ default: m.EmployeeSigninScreen })),
);

/**
 * /signin: email and password, then the second factor when the account has one (spec 1 §4).
 * With `?company=<slug>` it is that company's own sign-in page for its staff
 * (`POST /employee/signin`, see EmployeeSigninScreen).
 */
export function SigninScreen() {
  const [params] = useSearchParams();
  const company = params.get('company')?.trim();
  if (company) {
    return (
      <Suspense fallback={null}>
        <EmployeeSigninScreen slug={company} />
      </Suspense>
    );
  }
  return (
    <SigninFlow
      pageTitle="Sign in"
      titleId="signin-title"
      header={
        <AccountHeader
          titleId="signin-title"
          title="Sign in"
          description="Welcome back. Sign in to your account to continue."
        />
      }
      submit={signIn}
      footer={
        <>
          <LinkLine question="Don't have an account?" to="/signup">
            Sign up
          </LinkLine>
          <LinkLine question="Does your company use single sign-on?" to="/sso-signin">
            Sign in with SSO
          </LinkLine>
        </>
      }
    />
  );
}

import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { signIn } from './auth-api';
import { AuthScreenHeader } from './auth-screen-header';
import { EmployeeSigninScreen } from './employee-signin-screen';
import { SigninFlow } from './signin-flow';

/**
 * /signin: email and password, then the second factor when the account has one (spec 1 §4).
 * With `?company=<slug>` it is that company's own sign-in page for its staff
 * (`POST /employee/signin`, see EmployeeSigninScreen).
 */
export function SigninScreen() {
  const [params] = useSearchParams();
  const company = params.get('company')?.trim();
  if (company) return <EmployeeSigninScreen slug={company} />;
  return (
    <SigninFlow
      pageTitle="Sign in"
      titleId="signin-title"
      header={
        <AuthScreenHeader
          titleId="signin-title"
          title="Sign in"
          description="Welcome back. Sign in to your account to continue."
        />
      }
      submit={signIn}
      footer={
        <Text size="sm" ta="center" c="dimmed">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Sign up
          </Anchor>
        </Text>
      }
    />
  );
}

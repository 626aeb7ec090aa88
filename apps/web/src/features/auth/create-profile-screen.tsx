import { Navigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { withEmail } from './auth-links';
import { SignupForm, type AccountKind } from './signup-form';

/**
 * /create-profile?email=…: the second step of /join-us. The email is the one just checked; the
 * visitor adds their name, a password and, for a company account, the company name
 * (`POST /signup` or `POST /companySignup`), then verifies the emailed code on /verify.
 * `?kind=company` preselects a company account. Without an email it starts at /join-us.
 */
export function CreateProfileScreen() {
  usePageTitle('Create your profile');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim().toLowerCase();
  if (!email) return <Navigate to="/join-us" replace />;
  const kind: AccountKind = params.get('kind') === 'company' ? 'company' : 'personal';
  return (
    <SignupForm
      title="Create your profile"
      description="Tell us who you are and choose a password. We will email you a code to confirm the address."
      email={email}
      changeEmailTo={withEmail('/join-us', email)}
      initialKind={kind}
    />
  );
}

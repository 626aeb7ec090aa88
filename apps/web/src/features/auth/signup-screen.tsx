import { usePageTitle } from '../../shared/branding/use-page-title';
import { SignupForm } from './signup-form';

/** /signup: a personal or a company account, then /verify for the emailed code. */
export function SignupScreen() {
  usePageTitle('Sign up');
  return <SignupForm title="Create your account" description="Sign, send and track documents in minutes." />;
}

import { useState } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowRight, IconLogin, IconUserCheck } from '@tabler/icons-react';
import { ZResendVerifyRequest } from '@esigns/contracts/auth';
import { Link, useNavigate } from 'react-router';
import { useBranding } from '../../shared/branding/branding-provider';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailStepForm } from '../../shared/ui/account-forms/email-step-form';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { AccountNotVerified } from './account-not-verified';
import { checkUser } from './auth-api';
import { withEmail } from './auth-links';
import { useEmailStep } from './use-email-step';

/** One email, checked like every account screen's. */
const ZJoinRequest = ZResendVerifyRequest;

type Step =
  { kind: 'email' } | { kind: 'has-account'; email: string } | { kind: 'not-verified'; email: string };

function HasAccount({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <Stack gap="md" data-testid="has-account">
      <AccountHeader
        title="Welcome back"
        description={
          <>
            There is already an account for <b>{email}</b>. Sign in to continue.
          </>
        }
        icon={<IconUserCheck size={28} stroke={1.6} />}
      />
      <Button
        component={Link}
        to={withEmail('/signin', email)}
        fullWidth
        leftSection={<IconLogin size={18} />}
      >
        Sign in
      </Button>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Use another email
        </Anchor>
        <Anchor component={Link} to={withEmail('/forgot-password', email)} size="sm">
          Forgot password?
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * /join-us: the start of joining. The visitor gives an email and `GET /checkUser/{email}` (the
 * spec's call, rate-limited) decides the way on: a new email goes to /create-profile to fill in
 * the profile, an account waiting for its verification gets the account-not-verified state (with
 * a new code on request), and an existing account is sent to sign in.
 */
export function JoinUsScreen() {
  usePageTitle('Join us');
  const branding = useBranding();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const emailStep = useEmailStep(ZJoinRequest, checkUser, (reply, email) => {
    if (!reply.exists) void navigate(withEmail('/create-profile', email));
    else setStep({ kind: reply.is_verified ? 'has-account' : 'not-verified', email });
  });

  const back = () => setStep({ kind: 'email' });
  if (step.kind === 'has-account') return <HasAccount email={step.email} onBack={back} />;
  if (step.kind === 'not-verified') return <AccountNotVerified email={step.email} onBack={back} />;

  return (
    <EmailStepForm
      title={`Join ${branding.app_name}`}
      description="Send, sign and track documents, and build the forms and apps your team needs. Start with your email."
      {...emailStep.formProps}
      submitLabel="Continue"
      rightIcon={<IconArrowRight size={18} />}
      footer={
        <LinkLine question="Already have an account?" to="/signin">
          Sign in
        </LinkLine>
      }
    />
  );
}

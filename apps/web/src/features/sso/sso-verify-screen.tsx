import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClockPause } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { exchangeSsoCode } from './sso-api';
import { startSsoSession } from './sso-session';
import { forgetSsoState, readSsoState, rememberSsoNewUser } from './sso-storage';

type Outcome = { kind: 'working' } | { kind: 'failed'; title: string; message: string; onHold?: boolean };

const FALLBACK = 'The sign-in could not be completed. Please try again.';

/** What a failed callback or exchange shows (HOLD_WORKSPACE and EMAIL_NOT_VERIFIED have their own words). */
function failureOf(error: unknown): Outcome {
  if (isApiError(error) && error.hasCode('HOLD_WORKSPACE')) {
    return { kind: 'failed', title: 'Workspace on hold', message: error.message, onHold: true };
  }
  if (isApiError(error) && error.hasCode('EMAIL_NOT_VERIFIED')) {
    return { kind: 'failed', title: 'Email not verified', message: error.message };
  }
  const message = isApiError(error) || error instanceof Error ? error.message || FALLBACK : FALLBACK;
  return { kind: 'failed', title: 'Single sign-on failed', message };
}

/** The provider's answer before it is sent on: an error, or a state this tab did not send, fails at once. */
function checkCallback(params: URLSearchParams): Outcome {
  if (params.get('error')) {
    const message = params.get('error_description') || 'Your identity provider refused the sign-in.';
    return failureOf(new Error(message));
  }
  const state = params.get('state');
  if (!params.get('code') || !state || state !== readSsoState()) {
    return failureOf(new Error('This sign-in was not started in this browser tab, or it was already used.'));
  }
  return { kind: 'working' };
}

/**
 * /sso-verify: where the identity provider sends the browser back. The `code` (with `state` and
 * `iss`) goes to `POST /sso/token` once, if the state is the one this tab sent: a member lands
 * signed in, a new user goes on to /sso-signup, a workspace on hold is told so.
 */
export function SsoVerifyScreen() {
  usePageTitle('Verify single sign-on');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(() => checkCallback(params));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || outcome.kind !== 'working') return;
    started.current = true;
    forgetSsoState();
    const iss = params.get('iss');
    exchangeSsoCode({ code: params.get('code')!, state: params.get('state')!, ...(iss ? { iss } : {}) })
      .then(async (reply) => {
        if (reply.status_code === 'NEW_USER') {
          rememberSsoNewUser(reply.new_user);
          await navigate('/sso-signup', { replace: true });
          return;
        }
        await navigate(await startSsoSession(reply), { replace: true });
      })
      .catch((error: unknown) => setOutcome(failureOf(error)));
  }, [outcome.kind, params, navigate]);

  if (outcome.kind === 'working') {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Completing the sign-in" />
      </Center>
    );
  }
  return (
    <Stack gap="md" data-testid="sso-failed">
      <AccountHeader
        title={outcome.title}
        description={outcome.message}
        icon={
          outcome.onHold ? (
            <IconClockPause size={28} stroke={1.6} />
          ) : (
            <IconAlertTriangle size={28} stroke={1.6} />
          )
        }
      />
      <Button component={Link} to="/sso-signin" fullWidth>
        Try single sign-on again
      </Button>
      <Button component={Link} to="/signin" variant="subtle" fullWidth>
        Sign in with email and password
      </Button>
    </Stack>
  );
}

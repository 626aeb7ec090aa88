import { useState } from 'react';
import { Anchor, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TSsoStartRequest } from '@esigns/contracts/sso';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { EmailInput } from '../../shared/ui/account-forms/account-fields';
import { AccountForm } from '../../shared/ui/account-forms/account-form';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { useAuthForm } from '../auth/use-auth-form';
import { startSso } from './sso-api';
import { rememberSsoState } from './sso-storage';

/** Sends the browser to the provider (a seam for tests). */
export type LeaveTo = (url: string) => void;
const leave: LeaveTo = (url) => window.location.assign(url);

/**
 * /sso-signin: the work email (its domain finds the company) or the company's sign-in name; the
 * server answers the provider's authorization URL and the browser goes there. The state is kept
 * for this tab: /sso-verify checks the provider's answer belongs to this sign-in.
 */
export function SsoSigninScreen({ leaveTo = leave }: { leaveTo?: LeaveTo }) {
  usePageTitle('Single sign-on');
  const [params] = useSearchParams();
  const [bySlug, setBySlug] = useState(Boolean(params.get('company')));
  const form = useAuthForm({ email: params.get('email') ?? '', company_slug: params.get('company') ?? '' }, [
    'email',
    'company_slug',
  ]);
  const start = useMutation({
    mutationFn: startSso,
    onSuccess: (reply) => {
      rememberSsoState(reply.state);
      leaveTo(reply.authorization_url);
    },
    onError: (error) => form.showError(error),
  });

  const onSubmit = async () => {
    const { ZSsoStartRequest } = await import('@esigns/contracts/sso');
    const body: TSsoStartRequest = bySlug
      ? { company_slug: form.values.company_slug }
      : { email: form.values.email };
    const data = form.check(ZSsoStartRequest, body);
    if (data) start.mutate(data);
  };

  const toggle = (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => {
        form.setCritical(null);
        setBySlug((v) => !v);
      }}
    >
      {bySlug ? 'Use your work email instead' : "Use your company's sign-in name instead"}
    </Anchor>
  );
  return (
    <AccountForm
      title="Sign in with single sign-on"
      description="Your company's identity provider confirms who you are."
      icon={<IconKey size={28} stroke={1.6} />}
      problem={form.critical}
      onSubmit={() => void onSubmit()}
      submitLabel="Continue"
      isPending={start.isPending || start.isSuccess}
      footer={
        <LinkLine question="Have a password?" to="/signin">
          Sign in with email and password
        </LinkLine>
      }
    >
      {bySlug ? (
        <TextInput
          {...form.inputProps('company_slug')}
          error={form.errors.company_slug ?? form.errors.email}
          label="Company sign-in name"
          placeholder="acme-realty-1a2b"
          description="The name in your company's sign-in link (…/signin?company=name)."
          required
          autoFocus
        />
      ) : (
        <EmailInput {...form.inputProps('email')} label="Work email" autoComplete="username" autoFocus />
      )}
      {toggle}
    </AccountForm>
  );
}

import { useState } from 'react';
import { Avatar, Center, Loader, Stack } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TContactLoginCompany } from '@esigns/contracts/contacts';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { fetchCompanySigninPage } from '../auth/auth-api';
import { ContactForgotForm } from './contact-forgot-form';
import { ContactLinkStep } from './contact-link-form';
import { rememberedContactCompany } from './contact-session';
import { ContactSigninForm } from './contact-signin-form';

const TITLE_ID = 'contact-signin-title';

type Mode = { kind: 'signin'; email?: string } | { kind: 'forgot'; email: string };

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.slice(0, 2)).toUpperCase();
}

function CompanyHeader({ company, slug }: { company: TContactLoginCompany | undefined; slug: string }) {
  const name = company?.name ?? slug;
  return (
    <AccountHeader
      titleId={TITLE_ID}
      title={`Sign in to ${name}`}
      description={`Your documents, forms and records with ${name}.`}
      icon={
        company?.logo_url ? (
          <Avatar src={company.logo_url} alt={`${name} logo`} size={52} radius="xl" />
        ) : (
          <Avatar size={52} radius="xl" color={company?.primary_color ?? 'brand'} aria-hidden>
            {initialsOf(name)}
          </Avatar>
        )
      }
    />
  );
}

function NoCompany({ slug }: { slug: string | null }) {
  usePageTitle('Sign-in page not found');
  return (
    <Stack gap="md" data-testid="unknown-company">
      <AccountHeader
        title="Sign-in page not found"
        description={
          slug
            ? `No company uses the address ${slug}. Open the link from your invitation mail again.`
            : 'Open the sign-in link your company sent you: it names the company.'
        }
        icon={<IconBuildingOff size={28} stroke={1.6} />}
      />
    </Stack>
  );
}

/**
 * /ap/signin?company=<slug>: the company's contact sign-in page (spec 3 §7), branded through
 * `GET /contact-login/company/{slug}`. Modes: sign in (then the second factor), forgot password,
 * and the links its mails carry: `&invitation=<token>` (who and where, then a password) and
 * `&reset=<token>` (a new password). Errors show in place.
 */
export function ContactSigninScreen() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('company') ?? rememberedContactCompany();
  const token = params.get('invitation') ?? params.get('reset');
  const [mode, setMode] = useState<Mode>({ kind: 'signin' });
  const company = useQuery({
    queryKey: ['company-signin-page', slug],
    queryFn: ({ signal }) => fetchCompanySigninPage(slug!, signal),
    enabled: Boolean(slug),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const toSignin = () => {
    setMode({ kind: 'signin' });
    setParams(slug ? { company: slug } : {}, { replace: true });
  };

  if (token) return <ContactLinkStep token={token} onSignin={toSignin} />;
  if (!slug || (isApiError(company.error) && company.error.status === 404)) return <NoCompany slug={slug} />;
  if (company.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Loading the company's sign-in page" />
      </Center>
    );
  }
  const header = <CompanyHeader company={company.data} slug={slug} />;
  if (mode.kind === 'forgot') {
    return <ContactForgotForm slug={slug} header={header} email={mode.email} onBack={toSignin} />;
  }
  return (
    <ContactSigninForm
      slug={slug}
      companyName={company.data?.name ?? slug}
      header={header}
      titleId={TITLE_ID}
      email={mode.email}
      onForgot={(email) => setMode({ kind: 'forgot', email })}
    />
  );
}

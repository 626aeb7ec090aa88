import { Avatar, Button, Center, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconBuildingOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TContactLoginCompany } from '@esigns/contracts/contacts';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { LinkLine } from '../../shared/ui/account-forms/account-links';
import { fetchCompanySigninPage, signInEmployee } from './auth-api';
import { SigninFlow } from './signin-flow';

/** Where staff land after signing in on their company's page when no redirect_url says otherwise. */
export const EMPLOYEE_LANDING_PATH = '/documents/all';

const TITLE_ID = 'employee-signin-title';

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
      description={`For ${name} staff: sign in with your work email to open your documents.`}
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

function UnknownCompany({ slug }: { slug: string }) {
  return (
    <Stack gap="md" data-testid="unknown-company">
      <AccountHeader
        title="Sign-in page not found"
        description={
          <>
            No company uses the address <b>{slug}</b>. Check the link your company gave you, or sign in on the
            main page.
          </>
        }
        icon={<IconBuildingOff size={28} stroke={1.6} />}
      />
      <Button component={Link} to="/signin" fullWidth leftSection={<IconArrowLeft size={18} />}>
        Go to sign in
      </Button>
    </Stack>
  );
}

/**
 * /signin?company=<slug>: a company's own sign-in page for its staff (spec 1 §1 "Employees have
 * their own sign-in", §7 `POST employee/signin`). Shows the company's name and logo
 * (`GET /contact-login/company/{slug}`), signs in with `POST /employee/signin` so the session
 * opens in that company (someone who is not one of its members gets the server's message), and
 * lands in the documents list unless `redirect_url` names another page.
 */
export function EmployeeSigninScreen({ slug }: { slug: string }) {
  const company = useQuery({
    queryKey: ['company-signin-page', slug],
    queryFn: ({ signal }) => fetchCompanySigninPage(slug, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const unknown = isApiError(company.error) && company.error.status === 404;
  usePageTitle(
    unknown ? 'Sign-in page not found' : company.data ? `Sign in to ${company.data.name}` : 'Sign in',
  );

  if (company.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Loading the company's sign-in page" />
      </Center>
    );
  }
  if (unknown) return <UnknownCompany slug={slug} />;

  // Another failure only loses the logo: the sign-in itself still works and says what is wrong.
  const name = company.data?.name ?? slug;
  return (
    <SigninFlow
      pageTitle={`Sign in to ${name}`}
      titleId={TITLE_ID}
      header={<CompanyHeader company={company.data} slug={slug} />}
      submit={(credentials) => signInEmployee({ ...credentials, company_slug: slug })}
      landing={EMPLOYEE_LANDING_PATH}
      footer={
        <LinkLine question={`Not on the ${name} team?`} to="/signin">
          Sign in to your own account
        </LinkLine>
      }
    />
  );
}

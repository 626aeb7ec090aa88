import { Divider, Skeleton, Stack, Title } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import {
  NoAccess,
  PageFrame,
  Panel,
  PermissionsFailure,
  QueryFailure,
  isForbidden,
  type ScreenFrame,
} from '../../shared/ui/page-kit';
import { fetchCompanyProfile } from '../team/team-api';
import { TEAM_KEYS } from '../team/team-query-keys';
import { BrandingForm } from './branding-form';
import { CompanyLogoCard } from './company-logo-card';

/**
 * /branding: the company's look, the one place for it. Logo, colours (primary, secondary, dialog
 * header, mail links) with contrast warnings and an "Adjust" action, a live preview of the app and
 * of a mail (with the mail header and footer). Saving recolours the running app and the next mails.
 */
export function BrandingScreen({ frame: Frame = PageFrame }: { frame?: ScreenFrame }) {
  usePageTitle('Branding');
  const rights = useCan();
  const companyId = useSession(workspaceIdOf) ?? '';
  const canView = rights.can('company:view');
  const company = useQuery({
    queryKey: TEAM_KEYS.company(companyId),
    queryFn: ({ signal }) => fetchCompanyProfile(companyId, signal),
    enabled: canView && Boolean(companyId),
  });

  const body = (() => {
    if (rights.isLoading || (canView && company.isPending)) return <Skeleton h={420} radius="md" />;
    if (rights.error) return <PermissionsFailure rights={rights} />;
    if (!canView || isForbidden(company.error)) {
      return (
        <Panel>
          <NoAccess>Your user type cannot see the company&apos;s branding.</NoAccess>
        </Panel>
      );
    }
    if (company.isError || !company.data) {
      return <QueryFailure query={company} title="Could not load the branding" />;
    }
    const canBrand = rights.can('company:update') && rights.can('company:update-branding');
    return (
      <Panel>
        <Stack gap="lg" p={{ base: 'md', sm: 'lg' }}>
          <CompanyLogoCard profile={company.data} canEdit={rights.can('company:update-branding')} />
          <Divider />
          <Title order={3} size="h4">
            Colours
          </Title>
          <BrandingForm
            key={company.data._id}
            profile={company.data}
            canEdit={canBrand}
            canEditTemplates={rights.can('email-templates:update')}
          />
        </Stack>
      </Panel>
    );
  })();

  return (
    <Frame
      title="Branding"
      icon={<IconPalette size={24} />}
      description="Your logo and colours: the app, your sign-in page and your mails use them as soon as you save."
    >
      {body}
    </Frame>
  );
}

import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { NoAccess, PageFrame, PermissionsFailure, QueryFailure } from '../../shared/ui/page-kit';
import { SSO_KEYS, fetchSsoConfig } from './sso-api';
import { SsoConfigForm } from './sso-config-form';

const NO_ACCESS = 'Only owners and administrators configure single sign-on.';

function Content() {
  const query = useQuery({ queryKey: SSO_KEYS.config, queryFn: ({ signal }) => fetchSsoConfig(signal) });
  if (query.isError)
    return (
      <QueryFailure query={query} title="Could not load the single sign-on settings" noAccess={NO_ACCESS} />
    );
  if (!query.data) return <Skeleton h={360} />;
  return <SsoConfigForm config={query.data} />;
}

/**
 * /configuration/apiIntegrations/config: the company's OpenID Connect identity provider (single
 * sign-on). OWNER and ADMIN with `settings:manage-integrations`.
 */
export function SsoConfigScreen() {
  usePageTitle('Single sign-on');
  const rights = useCan();
  const userType = useSession((state) => state.user_type);
  const allowed =
    rights.can('settings:manage-integrations') && (userType === 'OWNER' || userType === 'ADMIN');
  return (
    <PageFrame
      title="Single sign-on"
      description="Let your staff sign in with your company's OpenID Connect identity provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak...)."
    >
      {rights.isLoading ? (
        <Skeleton h={360} />
      ) : rights.error ? (
        <PermissionsFailure rights={rights} />
      ) : !allowed ? (
        <NoAccess>{NO_ACCESS}</NoAccess>
      ) : (
        <Content />
      )}
    </PageFrame>
  );
}

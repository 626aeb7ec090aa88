import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { NoAccess, PageFrame, PermissionsFailure, QueryFailure } from '../../shared/ui/page-kit';
import { SMTP_KEYS, fetchSmtpConfig } from './mail-config-api';
import { SmtpForm } from './smtp-form';

const NO_ACCESS = 'Your user type cannot configure mail.';

function Content() {
  const userEmail = useSession((state) => state.user?.email ?? '');
  const query = useQuery({ queryKey: SMTP_KEYS.config, queryFn: ({ signal }) => fetchSmtpConfig(signal) });
  if (query.isError)
    return <QueryFailure query={query} title="Could not load the mail settings" noAccess={NO_ACCESS} />;
  if (!query.data) return <Skeleton h={320} />;
  return <SmtpForm config={query.data} userEmail={userEmail} />;
}

/** /configuration/mail: the company's own SMTP server (`settings:manage-mail`). */
export function MailConfigScreen() {
  usePageTitle('Mail configuration');
  const rights = useCan();
  return (
    <PageFrame
      title="Mail configuration"
      description="Send your company's mails through its own SMTP server. The settings are tried with a test mail before they are saved."
    >
      {rights.isLoading ? (
        <Skeleton h={320} />
      ) : rights.error ? (
        <PermissionsFailure rights={rights} />
      ) : !rights.can('settings:manage-mail') ? (
        <NoAccess>{NO_ACCESS}</NoAccess>
      ) : (
        <Content />
      )}
    </PageFrame>
  );
}

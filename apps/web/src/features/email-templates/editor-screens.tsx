import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { NoAccess, PageFrame, PermissionsFailure, QueryFailure } from '../../shared/ui/page-kit';
import { Skeleton } from '@mantine/core';
import { EMAIL_TEMPLATE_KEYS, fetchEmailTemplate } from './email-templates-api';
import { EntityTemplateForm } from './entity-template-form';
import { HeaderFooterForm } from './header-footer-form';

type Kind = 'ENTITY' | 'HEADER_FOOTER';
const TITLES: Record<Kind, [create: string, edit: string]> = {
  ENTITY: ['New email template', 'Edit email template'],
  HEADER_FOOTER: ['New header and footer', 'Edit header and footer'],
};

function Gate({
  kind,
  permission,
  children,
}: {
  kind: Kind;
  permission: 'email-templates:create' | 'email-templates:update';
  children: React.ReactNode;
}) {
  const rights = useCan();
  if (rights.isLoading) return <Skeleton h={300} />;
  if (rights.error) return <PermissionsFailure rights={rights} />;
  if (!rights.can(permission)) {
    return (
      <NoAccess>
        Your user type cannot {permission.endsWith('create') ? 'create' : 'change'} email templates.
      </NoAccess>
    );
  }
  void kind;
  return <>{children}</>;
}

function CreateScreen({ kind }: { kind: Kind }) {
  const title = TITLES[kind][0];
  usePageTitle(title);
  const [params] = useSearchParams();
  return (
    <PageFrame title={title}>
      <Gate kind={kind} permission="email-templates:create">
        {kind === 'ENTITY' ? (
          <EntityTemplateForm initialEntityId={params.get('entity_id') ?? undefined} />
        ) : (
          <HeaderFooterForm />
        )}
      </Gate>
    </PageFrame>
  );
}

function EditScreen({ kind }: { kind: Kind }) {
  const title = TITLES[kind][1];
  usePageTitle(title);
  const id = useParams().template_id ?? '';
  const query = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.one(id),
    queryFn: ({ signal }) => fetchEmailTemplate(id, signal),
  });
  const template = query.data;
  return (
    <PageFrame title={template ? `${title}: ${template.name}` : title}>
      <Gate kind={kind} permission="email-templates:update">
        {query.isError ? (
          <QueryFailure
            query={query}
            title="Could not load the template"
            noAccess="Your user type cannot see email templates."
          />
        ) : !template ? (
          <Skeleton h={300} />
        ) : template.type === 'ENTITY' ? (
          <EntityTemplateForm key={template._id} template={template} />
        ) : (
          <HeaderFooterForm key={template._id} template={template} />
        )}
      </Gate>
    </PageFrame>
  );
}

export const CreateEmailTemplateScreen = () => <CreateScreen kind="ENTITY" />;
export const EditEmailTemplateScreen = () => <EditScreen kind="ENTITY" />;
export const CreateHeaderFooterScreen = () => <CreateScreen kind="HEADER_FOOTER" />;
export const EditHeaderFooterScreen = () => <EditScreen kind="HEADER_FOOTER" />;

import type { ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { useCan } from '../../../shared/permissions/use-can';
import { NoAccess, PageFrame, Panel, PermissionsFailure, QueryFailure } from '../../../shared/ui/page-kit';
import { FORM_BUILDER_KEYS, fetchFormBuilder } from '../form-builders-api';
import { Builder } from './builder';

/**
 * /formBuilders/add and /formBuilders/{form_builder_id}: the form builder. Needs
 * `form-builders:create` for a new form and `form-builders:update` to change one.
 */
export function FormBuilderScreen() {
  const { form_builder_id: id } = useParams();
  const rights = useCan();
  usePageTitle(id ? 'Form builder' : 'New form');
  const loaded = useQuery({
    queryKey: FORM_BUILDER_KEYS.one(id ?? ''),
    queryFn: ({ signal }) => fetchFormBuilder(id!, signal),
    enabled: Boolean(id),
  });
  const frame = (content: ReactNode) => (
    <PageFrame title={id ? 'Edit form' : 'New form'}>{content}</PageFrame>
  );
  if (rights.error) return frame(<PermissionsFailure rights={rights} />);
  if (rights.isLoading || (id && loaded.isPending)) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={48} radius="md" />
        <Skeleton h={420} radius="md" />
      </Stack>
    );
  }
  if (!rights.can(id ? 'form-builders:update' : 'form-builders:create')) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot {id ? 'change' : 'create'} forms. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }
  if (id && loaded.error) {
    return frame(
      <QueryFailure query={loaded} title="Could not load the form" noAccess="You cannot open this form." />,
    );
  }
  return <Builder key={loaded.data?._id ?? 'new'} form={loaded.data ?? null} />;
}

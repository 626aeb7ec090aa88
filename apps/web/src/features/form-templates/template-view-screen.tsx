import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEdit } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { PageFrame, QueryFailure, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { TemplateRecordsPanel } from '../entities/template-records-panel';
import { FORM_TEMPLATE_KEYS, duplicateFormTemplate, fetchFormTemplate } from './form-templates-api';
import { TemplateForm } from './renderer/template-form';

function useTemplate() {
  const { template_id: id = '' } = useParams();
  return useQuery({
    queryKey: FORM_TEMPLATE_KEYS.one(id),
    queryFn: ({ signal }) => fetchFormTemplate(id, signal),
  });
}

function Loading({
  title,
  query,
  children,
}: {
  title: string;
  query: ReturnType<typeof useTemplate>;
  children: (t: TFormTemplate) => ReactNode;
}) {
  if (query.isPending)
    return (
      <PageFrame title={title}>
        <Skeleton h={360} radius="md" aria-busy="true" />
      </PageFrame>
    );
  if (query.error) {
    return (
      <PageFrame title={title}>
        <QueryFailure
          query={query}
          title="Could not load the template"
          noAccess="Your user type cannot see form templates."
        />
      </PageFrame>
    );
  }
  return children(query.data);
}

/**
 * /template/{template_id}/view: a template's details and its form, to try: values are checked by
 * the validator records use (nothing is saved here). Edit and duplicate as rights allow.
 */
export function TemplateViewScreen() {
  const query = useTemplate();
  const rights = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(query.data?.name ?? 'Form template');
  const duplicate = useMutation({
    mutationFn: (id: string) => duplicateFormTemplate(id),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: FORM_TEMPLATE_KEYS.all });
      notifications.show({ color: 'teal', message: `${copy.name} created` });
      void navigate(`/template/${encodeURIComponent(copy._id)}/edit`);
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });

  return (
    <Loading title="Form template" query={query}>
      {(template) => (
        <PageFrame
          title={template.name}
          description={template.description || undefined}
          actions={
            <>
              {rights.can('form-templates:duplicate') && (
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} />}
                  loading={duplicate.isPending}
                  onClick={() => duplicate.mutate(template._id)}
                >
                  Duplicate
                </Button>
              )}
              {template.type === 'CUSTOM' && rights.can('form-templates:update') && (
                <Button
                  component={Link}
                  to={`/template/${encodeURIComponent(template._id)}/edit`}
                  leftSection={<IconEdit size={16} />}
                >
                  Edit
                </Button>
              )}
            </>
          }
        >
          <Group gap="xs">
            <Badge variant="light" color={template.type === 'STANDARD' ? 'blue' : 'gray'}>
              {template.type === 'STANDARD' ? 'Standard' : 'Company'}
            </Badge>
            <Text size="sm" c="dimmed">
              Code{' '}
              <Text span ff="monospace">
                {template.code}
              </Text>{' '}
              · {template.fields.length} {template.fields.length === 1 ? 'field' : 'fields'} · changed{' '}
              {formatDate(template.updated_at)}
            </Text>
          </Group>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Try the form: values are checked exactly as when records are saved.
              </Text>
              <TemplateForm fields={template.fields} />
            </Stack>
          </Paper>
          <TemplateRecordsPanel template={template} />
        </PageFrame>
      )}
    </Loading>
  );
}

/** /template/{template_id}/menu/view: the template's form on its own, as a menu entry opens it. */
export function TemplateMenuViewScreen() {
  const query = useTemplate();
  usePageTitle(query.data?.name ?? 'Form template');
  return (
    <Loading title="Form" query={query}>
      {(template) => (
        <PageFrame title={template.name} description={template.description || undefined}>
          <Paper withBorder p="lg" radius="md">
            <TemplateForm fields={template.fields} />
          </Paper>
        </PageFrame>
      )}
    </Loading>
  );
}

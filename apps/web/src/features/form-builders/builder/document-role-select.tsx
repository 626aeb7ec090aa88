import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchConfigurableDocument } from '../../editor/editor-api';

type Props = {
  documentTemplateId: string;
  value: string;
  onChange: (role: string) => void;
  error?: string | undefined;
};

/**
 * The role of the document template the filler signs as (`GET /configurable-documents/{id}`: its
 * recipients other than copies), or none: the template's first signer, as the API picks it.
 */
export function DocumentRoleSelect({ documentTemplateId, value, onChange, error }: Props) {
  const template = useQuery({
    queryKey: ['form-builder-sources', 'document-roles', documentTemplateId],
    queryFn: ({ signal }) => fetchConfigurableDocument(documentTemplateId, signal),
    enabled: Boolean(documentTemplateId),
    staleTime: 60_000,
  });
  const roles = (template.data?.document_users ?? [])
    .filter((recipient) => recipient.user_type !== 'CC')
    .map((recipient) => recipient.role_name || recipient.key);
  const data = [...new Set(value ? [...roles, value] : roles)];
  return (
    <Select
      label="Signs as"
      description="The template's role the filler takes; none: its first signer."
      placeholder={template.isLoading ? 'Loading roles…' : 'First signer'}
      data={data}
      value={value || null}
      onChange={(role) => onChange(role ?? '')}
      clearable
      disabled={!documentTemplateId}
      error={error ?? (template.error ? 'Could not read the template’s roles' : undefined)}
    />
  );
}

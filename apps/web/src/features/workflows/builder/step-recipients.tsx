import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TWorkflowStepRecipient } from '@esigns/contracts/workflows';
import type { FieldErrors } from '../../../shared/api/api-error';
import { fetchConfigurableDocument } from '../../editor/editor-api';
import { RemoteSelect } from '../../form-builders/builder/remote-select';
import { searchCompanyUsers } from './step-sources';

type Source = TWorkflowStepRecipient['source'];

const SOURCES: { value: Source; label: string }[] = [
  { value: 'PRIMARY', label: 'The packet’s person' },
  { value: 'USER', label: 'A company user' },
  { value: 'EMAIL', label: 'A fixed email' },
];

type Props = {
  templateId: string;
  recipients: TWorkflowStepRecipient[];
  errors: FieldErrors;
  onChange: (recipients: TWorkflowStepRecipient[]) => void;
};

/** The step's template as the builder reads it (its roles here, its fields for conditions). */
export const templateRolesKey = (templateId: string) => ['workflow-builder', 'roles', templateId] as const;

function recipientOf(role_key: string, source: Source): TWorkflowStepRecipient {
  if (source === 'USER') return { role_key, source, user_id: '' };
  if (source === 'EMAIL') return { role_key, source, email: '', first_name: '', last_name: '' };
  return { role_key, source };
}

/**
 * Who fills each role of the step's template (`GET /configurable-documents/{id}`: its recipients):
 * the packet's primary person, a company user or a fixed email. A role left alone goes to the
 * primary person.
 */
export function StepRecipients({ templateId, recipients, errors, onChange }: Props) {
  const template = useQuery({
    queryKey: templateRolesKey(templateId),
    queryFn: ({ signal }) => fetchConfigurableDocument(templateId, signal),
    staleTime: 60_000,
  });
  const roles = template.data?.document_users ?? [];
  if (template.isLoading)
    return (
      <Text size="sm" c="dimmed">
        Loading the template’s roles…
      </Text>
    );
  if (template.error)
    return (
      <Text size="sm" c="red">
        Could not read the template’s roles
      </Text>
    );
  const set = (next: TWorkflowStepRecipient) =>
    onChange([...recipients.filter((r) => r.role_key !== next.role_key), next]);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Who fills each role
      </Text>
      {roles.map((role) => {
        const index = recipients.findIndex((r) => r.role_key === role.key);
        const current = recipients[index] ?? recipientOf(role.key, 'PRIMARY');
        const error = (field: string) => (index >= 0 ? errors[`recipients.${index}.${field}`] : undefined);
        return (
          <Group key={role.key} gap="xs" align="flex-start" wrap="wrap">
            <Select
              w={200}
              label={role.role_name || role.key}
              data={SOURCES}
              value={current.source}
              allowDeselect={false}
              onChange={(source) => source && set(recipientOf(role.key, source as Source))}
            />
            {current.source === 'USER' && (
              <RemoteSelect
                label="User"
                placeholder="Search users"
                source="workflow-users"
                search={searchCompanyUsers}
                value={current.user_id}
                onChange={(user_id) => set({ ...current, user_id })}
                error={error('user_id')}
              />
            )}
            {current.source === 'EMAIL' && (
              <TextInput
                label="Email"
                type="email"
                value={current.email}
                onChange={(event) => set({ ...current, email: event.currentTarget.value })}
                error={error('email')}
              />
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

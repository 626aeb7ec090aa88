import { Autocomplete, Group, Select, Stack, Text } from '@mantine/core';
import type { TPipelineAction, TPipelineEntityActions } from '@esigns/contracts/pipelines';
import type { FieldErrors } from '../../shared/api/api-error';

type DocumentAction = Extract<TPipelineAction, { type: 'send_document' }>;

type Props = {
  action: DocumentAction;
  index: number;
  onChange: (next: DocumentAction) => void;
  options: TPipelineEntityActions | undefined;
  errors: FieldErrors;
};

/** The merge fields offered while typing a recipient (`{{lead.owner_email}}`), email fields first. */
function mergeChoices(options: TPipelineEntityActions | undefined): string[] {
  const fields = [...(options?.fields ?? [])].sort(
    (a, b) => Number(b.type === 'EMAIL') - Number(a.type === 'EMAIL'),
  );
  return [...fields.map((f) => f.name), ...(options?.merge_fields ?? []).map((f) => f.name)].map(
    (name) => `{{${name}}}`,
  );
}

/**
 * "Send a document template": the template, then a person per role of it (an address and a name,
 * each fixed or a merge field, offered while typing).
 */
export function DocumentActionFields({ action, index, onChange, options, errors }: Props) {
  const path = `actions.${index}`;
  const templates = options?.document_templates ?? [];
  const roles = templates.find((t) => t.value === action.template_id)?.roles ?? [];
  const merge = mergeChoices(options);
  const setRole = (key: string, patch: Partial<{ email: string; name: string }>) => {
    const current = action.recipients[key] ?? { email: '', name: '' };
    onChange({ ...action, recipients: { ...action.recipients, [key]: { ...current, ...patch } } });
  };
  return (
    <Stack gap="xs">
      <Select
        label="Document template"
        aria-label={`Action ${index + 1}: document template`}
        data={templates.map((t) => ({ value: t.value, label: t.label }))}
        value={action.template_id || null}
        onChange={(templateId) => onChange({ ...action, template_id: templateId ?? '', recipients: {} })}
        error={errors[`${path}.template_id`]}
        nothingFoundMessage="No active document templates"
        searchable
      />
      {roles.map((role) => {
        const person = action.recipients[role.key] ?? { email: '', name: '' };
        const rolePath = `${path}.recipients.${role.key}`;
        return (
          <Stack key={role.key} gap={4}>
            <Text size="sm" fw={500}>
              {role.name}
            </Text>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <Autocomplete
                label="Email"
                aria-label={`${role.name} email`}
                placeholder="Address, or {{merge.field}}"
                data={merge}
                value={person.email}
                onChange={(email) => setRole(role.key, { email })}
                error={errors[`${rolePath}.email`] ?? errors[rolePath]}
                w={{ base: '100%', sm: 320 }}
              />
              <Autocomplete
                label="Name"
                aria-label={`${role.name} name`}
                placeholder="Name (optional)"
                data={merge}
                value={person.name}
                onChange={(name) => setRole(role.key, { name })}
                error={errors[`${rolePath}.name`]}
                w={{ base: '100%', sm: 260 }}
              />
            </Group>
          </Stack>
        );
      })}
      {Object.keys(action.recipients)
        .filter((key) => !roles.some((r) => r.key === key) && errors[`${path}.recipients.${key}`])
        .map((key) => (
          <Text key={key} size="sm" c="red">
            {key}: {errors[`${path}.recipients.${key}`]}
          </Text>
        ))}
    </Stack>
  );
}

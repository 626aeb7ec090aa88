import { Checkbox, Stack, Textarea } from '@mantine/core';
import { DocumentRoleSelect } from './document-role-select';
import type { DraftErrors, DraftStep } from './form-draft';
import { RemoteSelect } from './remote-select';
import { useStepFields } from './step-fields';
import { searchDocumentTemplates, searchEntities, searchFormTemplates } from './step-sources';

export type StepPatch = Partial<Record<string, unknown>>;

type Props = { step: DraftStep; errors: DraftErrors; onChange: (patch: StepPatch) => void };

/** What a step is made of: the template, entity or document it fills, or the text it shows. */
export function StepSource({ step, errors, onChange }: Props) {
  const { sourceName } = useStepFields(step);
  switch (step.type) {
    case 'TEMPLATE':
      return (
        <RemoteSelect
          label="Form template"
          placeholder="Search templates"
          source="form-templates"
          search={searchFormTemplates}
          value={step.template_id}
          selectedLabel={sourceName}
          onChange={(template_id) => onChange({ template_id })}
          error={errors.template_id}
        />
      );
    case 'ENTITY':
      return (
        <Stack gap="xs">
          <RemoteSelect
            label="Entity"
            placeholder="Search entities"
            source="entities"
            search={searchEntities}
            value={step.entity_id}
            selectedLabel={sourceName}
            onChange={(entity_id) => onChange({ entity_id })}
            error={errors.entity_id}
          />
          <Checkbox
            label="Update the filler's own record instead of creating one, when there is one"
            checked={step.update_existing ?? false}
            onChange={(event) => onChange({ update_existing: event.currentTarget.checked })}
          />
        </Stack>
      );
    case 'DOCUMENT':
      return (
        <Stack gap="xs">
          <RemoteSelect
            label="Document template"
            placeholder="Search document templates"
            source="document-templates"
            search={searchDocumentTemplates}
            value={step.document_template_id}
            onChange={(document_template_id) => onChange({ document_template_id })}
            error={errors.document_template_id}
          />
          <DocumentRoleSelect
            documentTemplateId={step.document_template_id}
            value={step.role ?? ''}
            onChange={(role) => onChange({ role })}
            error={errors.role}
          />
        </Stack>
      );
    case 'STATIC':
      return (
        <Stack gap="xs">
          <Textarea
            label="Text"
            description="Plain text; leave a blank line between paragraphs."
            autosize
            minRows={3}
            maxRows={12}
            value={step.content}
            onChange={(event) => onChange({ content: event.currentTarget.value })}
            error={errors.content}
          />
          <Checkbox
            label="The filler must accept it to go on"
            checked={step.require_accept ?? false}
            onChange={(event) => onChange({ require_accept: event.currentTarget.checked })}
          />
        </Stack>
      );
  }
}

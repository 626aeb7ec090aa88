import { Autocomplete, Checkbox, Group } from '@mantine/core';
import { WORKFLOW_ACCEPTED_FILE_TYPES, type TWorkflowStep } from '@esigns/contracts/workflows';
import type { FieldErrors } from '../../../shared/api/api-error';
import { RemoteSelect } from '../../form-builders/builder/remote-select';
import { CARD_TYPES } from '../../request-documents/card-types';
import { StepRecipients } from './step-recipients';
import { searchDocumentTemplates, searchForms } from './step-sources';

const FILE_TYPE_LABELS: Record<(typeof WORKFLOW_ACCEPTED_FILE_TYPES)[number], string> = {
  pdf: 'PDF',
  image: 'Images',
  word: 'Word',
  spreadsheet: 'Spreadsheets',
};

type Props = {
  step: TWorkflowStep;
  errors: FieldErrors;
  onChange: (patch: Partial<TWorkflowStep>) => void;
};

/** What a step sends: a template (and who fills its roles), a file to upload, or a form. */
export function StepKindFields({ step, errors, onChange }: Props) {
  if (step.kind === 'custom' || step.kind === 'static') {
    return (
      <>
        <RemoteSelect
          label={step.kind === 'custom' ? 'Template to fill and sign' : 'Document to read'}
          placeholder="Search templates"
          source="workflow-templates"
          search={searchDocumentTemplates}
          value={step.template_id ?? ''}
          onChange={(id) => onChange({ template_id: id || null, recipients: [] })}
          error={errors.template_id}
        />
        {step.template_id && (
          <StepRecipients
            templateId={step.template_id}
            recipients={step.recipients}
            errors={errors}
            onChange={(recipients) => onChange({ recipients })}
          />
        )}
      </>
    );
  }
  if (step.kind === 'requested') {
    return (
      <>
        <Autocomplete
          label="Document to upload"
          placeholder="PAN card, salary slip…"
          data={CARD_TYPES.filter((type) => type.slug !== 'other').map((type) => type.label)}
          value={step.card_type}
          onChange={(card_type) => onChange({ card_type })}
          error={errors.card_type}
          maxLength={100}
        />
        <Checkbox.Group
          label="Accepted files"
          value={step.accepted_types}
          onChange={(value) => onChange({ accepted_types: value as TWorkflowStep['accepted_types'] })}
          error={errors.accepted_types}
        >
          <Group gap="md" mt={4}>
            {WORKFLOW_ACCEPTED_FILE_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={FILE_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Checkbox.Group>
      </>
    );
  }
  return (
    <RemoteSelect
      label="Form to fill"
      placeholder="Search forms"
      source="workflow-forms"
      search={searchForms}
      value={step.form_builder_id ?? ''}
      onChange={(id) => onChange({ form_builder_id: id || null })}
      error={errors.form_builder_id}
    />
  );
}

import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { TPipelineEntityActions } from '@esigns/contracts/pipelines';
import type { FieldErrors } from '../../shared/api/api-error';
import { DocumentActionFields } from './document-action-fields';
import type { KeyedAction } from './draft';
import { ValuesEditor } from './values-editor';

type Props = {
  action: KeyedAction;
  index: number;
  onChange: (next: KeyedAction) => void;
  options: TPipelineEntityActions | undefined;
  entities: { value: string; label: string }[];
  triggerEntityId: string | null;
  errors: FieldErrors;
};

/** The settings of one action, by its type. */
export function ActionFields({ action, index, onChange, options, entities, triggerEntityId, errors }: Props) {
  const path = `actions.${index}`;
  const label = (what: string) => `Action ${index + 1}: ${what}`;
  switch (action.type) {
    case 'create_record':
      return (
        <Stack gap="xs">
          <Select
            label="Entity"
            aria-label={label('entity')}
            placeholder="Record of which entity"
            data={entities}
            value={action.entity_id || null}
            onChange={(entityId) => onChange({ ...action, entity_id: entityId ?? '', values: {} })}
            error={errors[`${path}.entity_id`]}
            searchable
          />
          <ValuesEditor
            entityId={action.entity_id || null}
            values={action.values}
            onChange={(values) => onChange({ ...action, values })}
            errors={errors}
            path={`${path}.values`}
            label="Values"
          />
        </Stack>
      );
    case 'update_record':
      return (
        <Stack gap="xs">
          <TextInput
            label="Record"
            aria-label={label('record')}
            description="Empty: the triggering record. Or a merge field such as {{step1.record_id}}."
            value={action.record_id}
            onChange={(event) => onChange({ ...action, record_id: event.currentTarget.value })}
            error={errors[`${path}.record_id`]}
          />
          <ValuesEditor
            entityId={action.record_id.trim() ? null : triggerEntityId}
            values={action.values}
            onChange={(values) => onChange({ ...action, values })}
            errors={errors}
            path={`${path}.values`}
            label="New values"
          />
        </Stack>
      );
    case 'send_email':
      return (
        <Stack gap="xs">
          <Select
            label="Email template"
            aria-label={label('email template')}
            data={options?.email_templates ?? []}
            value={action.template_id || null}
            onChange={(templateId) => onChange({ ...action, template_id: templateId ?? '' })}
            error={errors[`${path}.template_id`]}
            nothingFoundMessage="The trigger's entity has no email templates"
          />
          <TextInput
            label="To"
            aria-label={label('to')}
            description="Addresses or merge fields, separated by commas: {{lead.owner_email}}"
            value={action.to}
            onChange={(event) => onChange({ ...action, to: event.currentTarget.value })}
            error={errors[`${path}.to`]}
          />
        </Stack>
      );
    case 'start_workflow':
      return (
        <Stack gap="xs">
          <Select
            label="Workflow"
            aria-label={label('workflow')}
            data={options?.workflows ?? []}
            value={action.workflow_id || null}
            onChange={(workflowId) => onChange({ ...action, workflow_id: workflowId ?? '' })}
            error={errors[`${path}.workflow_id`]}
            nothingFoundMessage="No active workflows"
          />
          <TextInput
            label="Contact's email"
            aria-label={label('contact email')}
            value={action.contact_email}
            onChange={(event) => onChange({ ...action, contact_email: event.currentTarget.value })}
            error={errors[`${path}.contact_email`]}
          />
        </Stack>
      );
    case 'call_webhook':
      return (
        <Stack gap="xs">
          <TextInput
            label="Address"
            aria-label={label('address')}
            placeholder="https://example.com/hooks/leads"
            value={action.url}
            onChange={(event) => onChange({ ...action, url: event.currentTarget.value })}
            error={errors[`${path}.url`]}
          />
          <Textarea
            label="JSON body"
            aria-label={label('body')}
            description="Merge fields are filled as JSON text. Empty: the trigger event and the run's ids."
            autosize
            minRows={2}
            value={action.body}
            onChange={(event) => onChange({ ...action, body: event.currentTarget.value })}
            error={errors[`${path}.body`]}
          />
        </Stack>
      );
    case 'send_document':
      return (
        <DocumentActionFields
          action={action}
          index={index}
          onChange={(next) => onChange({ ...next, key: action.key })}
          options={options}
          errors={errors}
        />
      );
  }
}

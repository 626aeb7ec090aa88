import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ENTITY_TYPES, type TEntity, type TEntityType } from '@esigns/contracts/entities';
import { FORM_FIELD_TYPE_INFO, type TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { toFieldKey, type TFormFieldInput } from '@esigns/contracts/nocode-fields';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { fetchFormTemplates } from '../form-templates/form-templates-api';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { createEntity, createEntityWithFields } from './entities-api';
import { DialogButtons } from '../../shared/ui/form-dialog';

const TYPE_LABELS: Record<TEntityType, string> = {
  GENERAL: 'General (properties, deals, tickets…)',
  INDIVIDUAL: 'Individual (people: tenants, buyers…)',
  BUSINESS: 'Business (companies, accounts…)',
};

/** Types offered in the quick field list; every type is available in the template builder. */
const QUICK_TYPES = (Object.keys(FORM_FIELD_TYPE_INFO) as TFormFieldType[]).filter(
  (type) => !['DATA_TABLE', 'FORMULA', 'AGGREGATE', 'GLOBAL_VARIABLE', 'PAY_BUTTON', 'ENTITY'].includes(type),
);
const CHOICE_TYPES: TFormFieldType[] = ['SELECT', 'RADIO', 'MULTI_SELECT'];

type DraftField = { label: string; type: TFormFieldType; required: boolean; options: string };

const emptyField = (): DraftField => ({ label: '', type: 'SINGLE_LINE_TEXT', required: false, options: '' });

/** The quick fields as form template fields (keys from labels, options from the comma list). */
export function toTemplateFields(fields: DraftField[]): TFormFieldInput[] {
  return fields
    .filter((f) => f.label.trim())
    .map((f, index) => {
      const base = {
        key: toFieldKey(f.label),
        label: f.label.trim(),
        type: f.type,
        required: index === 0 || f.required,
      };
      if (CHOICE_TYPES.includes(f.type)) {
        const options = f.options
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .map((value) => ({ value }));
        return { ...base, options } as TFormFieldInput;
      }
      return base as TFormFieldInput;
    });
}

/** "New entity": a name, a kind, and either quick fields (a new template) or existing templates. */
export function CreateEntityDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (entity: TEntity) => void;
}) {
  const [mode, setMode] = useState<'fields' | 'templates'>('fields');
  const [name, setName] = useState('');
  const [type, setType] = useState<TEntityType>('GENERAL');
  const [description, setDescription] = useState('');
  const [fields, setFields] = useState<DraftField[]>([{ ...emptyField(), label: 'Name', required: true }]);
  const [templateIds, setTemplateIds] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const templates = useQuery({
    queryKey: ['form-templates', 'picker'],
    queryFn: ({ signal }) => fetchFormTemplates({ page: 1, limit: 200, type: 'CUSTOM' }, signal),
    enabled: opened && mode === 'templates',
  });
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};

  const update = (index: number, patch: Partial<DraftField>) =>
    setFields((current) => current.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const entity =
        mode === 'fields'
          ? await createEntityWithFields({
              name,
              description,
              entity_type: type,
              icon: null,
              fields: toTemplateFields(fields),
            })
          : await createEntity({
              name,
              description,
              entity_type: type,
              icon: null,
              templates: templateIds.map((id, index) => ({
                template_id: id,
                is_primary: index === 0,
                hidden_on_add: false,
              })),
              display_field: null,
              duplicate_rules: [],
            });
      onCreated(entity);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title="New entity"
      size="xl"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={pending}
          confirmLabel="Create entity"
          onConfirm={() => void submit()}
          isConfirmDisabled={!name.trim()}
        />
      }
    >
      <Stack>
        {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            placeholder="Property"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            data-autofocus
          />
          <Select
            label="Kind"
            data={ENTITY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => setType((v as TEntityType) ?? 'GENERAL')}
            allowDeselect={false}
          />
        </Group>
        <Textarea
          label="Description"
          minRows={1}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'fields' | 'templates')}
          data={[
            { value: 'fields', label: 'Start with fields' },
            { value: 'templates', label: 'Use existing templates' },
          ]}
        />
        {mode === 'fields' ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              The first field names each record. Add more fields, validation and layout later in the template
              builder.
            </Text>
            {fields.map((field, index) => (
              <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Field ${index + 1} label`}
                  placeholder="Label"
                  value={field.label}
                  onChange={(e) => update(index, { label: e.currentTarget.value })}
                  error={fieldErrors[`fields.${index}.label`] ?? fieldErrors[`fields.${index}.key`]}
                  style={{ flex: 2 }}
                />
                <Select
                  aria-label={`Field ${index + 1} type`}
                  data={QUICK_TYPES.map((t) => ({ value: t, label: FORM_FIELD_TYPE_INFO[t].label }))}
                  value={field.type}
                  onChange={(v) => update(index, { type: (v as TFormFieldType) ?? 'SINGLE_LINE_TEXT' })}
                  allowDeselect={false}
                  searchable
                  style={{ flex: 1.3 }}
                />
                {CHOICE_TYPES.includes(field.type) && (
                  <TextInput
                    aria-label={`Field ${index + 1} options`}
                    placeholder="Options, comma separated"
                    value={field.options}
                    onChange={(e) => update(index, { options: e.currentTarget.value })}
                    error={fieldErrors[`fields.${index}.options`]}
                    style={{ flex: 2 }}
                  />
                )}
                <Checkbox
                  mt={8}
                  label="Required"
                  checked={index === 0 || field.required}
                  disabled={index === 0}
                  onChange={(e) => update(index, { required: e.currentTarget.checked })}
                />
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove field ${index + 1}`}
                  disabled={fields.length === 1}
                  onClick={() => setFields((c) => c.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setFields((c) => [...c, emptyField()])}
              w="fit-content"
            >
              Add field
            </Button>
            {fieldErrors.fields && (
              <Text size="sm" c="red">
                {fieldErrors.fields}
              </Text>
            )}
          </Stack>
        ) : (
          <MultiSelect
            label="Templates"
            description="The first one is primary: its required fields name each record."
            searchable
            data={(templates.data?.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={templateIds}
            onChange={setTemplateIds}
            error={fieldErrors.templates ?? fieldErrors['templates.0.template_id']}
          />
        )}
      </Stack>
    </AppDialog>
  );
}

import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GLOBAL_VARIABLE_TYPE_INFO,
  ZGlobalVariableLabel,
  checkGlobalVariable,
  globalVariableField,
  type TGlobalVariable,
  type TGlobalVariableType,
} from '@esigns/contracts/global-variables';
import { isApiError } from '../../shared/api/api-error';
import { FieldInput } from '../form-templates/renderer/field-input';
import { problemsUnder } from '../form-templates/builder/setting-inputs';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import {
  GLOBAL_VARIABLE_KEYS,
  createVariableTag,
  fetchVariableTags,
  fetchVariableTypes,
  type GlobalVariableBody,
} from './global-variables-api';
import { ImageValueInput } from './image-value-input';
import { VariableSettings, hasSettings, settingsFor } from './variable-settings';

export type VariableFormProps = {
  /** The variable edited; absent: a new one. */
  initial?: TGlobalVariable;
  submitLabel: string;
  onSubmit: (body: GlobalVariableBody) => void;
  onCancel: () => void;
  isPending: boolean;
  /** The failure of the last save: 422 details go to their fields, anything else above the form. */
  error: unknown;
};

type Errors = Record<string, string>;

function firstUnder(errors: Errors, key: string): string | undefined {
  return errors[key] ?? Object.values(problemsUnder(errors, key))[0];
}

function draftOf(initial: TGlobalVariable | undefined): GlobalVariableBody {
  return {
    label: initial?.label ?? '',
    input_type: initial?.input_type ?? 'SINGLE_LINE_TEXT',
    settings: initial?.settings ?? {},
    value: initial?.value ?? null,
    is_fixed: initial?.is_fixed ?? false,
    tags: initial?.tags ?? [],
    description: initial?.description ?? '',
  };
}

/** The client-side check: the label, then the shared settings and value check the API runs too. */
function checkDraft(draft: GlobalVariableBody): { errors: Errors; value: unknown } {
  const errors: Errors = {};
  const label = ZGlobalVariableLabel.safeParse(draft.label);
  if (!label.success) errors.label = label.error.issues[0]?.message ?? 'Required';
  const checked = checkGlobalVariable(draft);
  for (const problem of checked.errors) errors[problem.key] ??= problem.message;
  return { errors, value: checked.value };
}

/**
 * Label, type, the type's settings, the value (the record form's input of that type, or an image
 * upload), tags (new ones are created as they are typed), fixed switch and description.
 */
export function VariableForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isPending,
  error,
}: VariableFormProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<GlobalVariableBody>(() => draftOf(initial));
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const types = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.types,
    queryFn: ({ signal }) => fetchVariableTypes(signal),
    placeholderData: [...GLOBAL_VARIABLE_TYPE_INFO],
    staleTime: Infinity,
  });
  const tags = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.tags,
    queryFn: ({ signal }) => fetchVariableTags(signal),
  });
  const known = useMemo(() => (tags.data ?? []).map((tag) => tag.name), [tags.data]);

  const serverErrors: Errors = isApiError(error) ? error.fieldErrors : {};
  const errors = Object.keys(clientErrors).length > 0 ? clientErrors : serverErrors;
  const generalError = error && !(isApiError(error) && error.isValidation) ? errorText(error) : null;
  const field = globalVariableField(draft.input_type, draft.settings, 'Value');
  const set = (patch: Partial<GlobalVariableBody>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setClientErrors({});
  };

  const changeTags = (next: string[]) => {
    set({ tags: next });
    const fresh = next.filter(
      (tag) => !known.some((name) => name.toLowerCase() === tag.trim().toLowerCase()),
    );
    for (const name of fresh) {
      createVariableTag(name.trim())
        .catch(() => undefined)
        .finally(() => void queryClient.invalidateQueries({ queryKey: GLOBAL_VARIABLE_KEYS.tags }));
    }
  };

  const submit = () => {
    const checked = checkDraft(draft);
    if (Object.keys(checked.errors).length > 0) {
      setClientErrors(checked.errors);
      return;
    }
    onSubmit({ ...draft, value: checked.value });
  };

  const initialUrls = Object.fromEntries(
    (Array.isArray(initial?.value) ? (initial.value as { file_ref_id?: string }[]) : []).map((file, i) => [
      file.file_ref_id ?? '',
      initial?.value_urls[i] ?? '',
    ]),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {generalError && <ErrorAlert>{generalError}</ErrorAlert>}
        <Group grow align="flex-start" gap="md">
          <TextInput
            label="Label"
            required
            placeholder="e.g. Booking fee"
            description={initial ? `Key: ${initial.key}` : 'The key is made from the label'}
            value={draft.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
            error={errors.label}
          />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={(types.data ?? []).map((type) => ({ value: type.type, label: type.label }))}
            value={draft.input_type}
            onChange={(next) => {
              const type = (next ?? 'SINGLE_LINE_TEXT') as TGlobalVariableType;
              set({ input_type: type, settings: settingsFor(type, draft.settings), value: null });
            }}
            error={errors.input_type}
          />
        </Group>
        {hasSettings(draft.input_type) && (
          <Paper withBorder p="sm" radius="md" bg="gray.0">
            <Text size="xs" c="dimmed" mb={6}>
              Settings of the type
            </Text>
            <VariableSettings
              type={draft.input_type}
              settings={draft.settings}
              patch={(patch) => set({ settings: { ...draft.settings, ...patch } })}
              problems={problemsUnder(errors, 'settings')}
            />
          </Paper>
        )}
        {draft.input_type === 'IMAGE' ? (
          <ImageValueInput
            value={draft.value}
            onChange={(value) => set({ value })}
            initialUrls={initialUrls}
            maxFiles={field.ok && field.field.type === 'IMAGE' ? field.field.max_files : 1}
            error={firstUnder(errors, 'value')}
          />
        ) : field.ok ? (
          <FieldInput
            key={draft.input_type}
            field={field.field}
            value={draft.value}
            onChange={(value) => set({ value })}
            error={errors.value}
            nestedErrors={problemsUnder(errors, 'value')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Correct the settings above to enter the value.
          </Text>
        )}
        <TagsInput
          label="Tags"
          description="Pick tags or type new ones (Enter adds a tag)"
          data={known}
          value={draft.tags}
          onChange={changeTags}
          clearable
          error={firstUnder(errors, 'tags')}
        />
        <Switch
          label="Fixed value"
          description="Forms and records show it as it is: it cannot be overridden where it is used"
          checked={draft.is_fixed}
          onChange={(event) => set({ is_fixed: event.currentTarget.checked })}
        />
        <Textarea
          label="Description"
          rows={3}
          value={draft.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Checkbox, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { RuleEditor, newRule, type TFilterRuleInput } from '../entity-views/filter-builder';
import { errorText } from '../../shared/ui/page-kit';
import {
  GLOBAL_FILTER_KEYS,
  createGlobalFilter,
  fetchFilterableTemplates,
  fetchTemplate,
  templateFields,
} from './global-filters-api';
import { DialogButtons } from '../../shared/ui/form-dialog';

/** Pick a template, then a field of it, an operator and a value; save as a global filter. */
export function AddGlobalFilterDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [rule, setRule] = useState<TFilterRuleInput | null>(null);
  const [isActive, setActive] = useState(true);
  const templates = useQuery({
    queryKey: GLOBAL_FILTER_KEYS.templates,
    queryFn: ({ signal }) => fetchFilterableTemplates(signal),
  });
  const template = useQuery({
    queryKey: GLOBAL_FILTER_KEYS.template(templateId ?? ''),
    queryFn: ({ signal }) => fetchTemplate(templateId!, signal),
    enabled: Boolean(templateId),
  });
  const fields = template.data ? templateFields(template.data) : [];
  // Until the user picks one, the rule is on the template's first field.
  const shown = rule ?? (fields[0] ? newRule(fields[0]) : null);
  const save = useMutation({
    mutationFn: () => createGlobalFilter({ template_id: templateId!, rule: shown!, is_active: isActive }),
    onSuccess: (added) => {
      void queryClient.invalidateQueries({ queryKey: GLOBAL_FILTER_KEYS.all });
      notifications.show({ color: 'teal', message: `Filter on ${added.field_label ?? 'the field'} added` });
      onClose();
    },
  });
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    setRule(null);
    save.reset();
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Add a global filter"
      size="lg"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={save.isPending}
          confirmLabel="Add filter"
          onConfirm={() => save.mutate()}
          isConfirmDisabled={!templateId || !shown}
        />
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every record list of an entity built from the template then shows only the records matching the
          rule, for you only. Switch it off any time.
        </Text>
        {save.error && !isApiError(save.error) && <Alert color="red">{errorText(save.error)}</Alert>}
        {save.error && isApiError(save.error) && !save.error.isValidation && (
          <Alert color="red">{save.error.message}</Alert>
        )}
        {templates.isError ? (
          <Alert color="red">{errorText(templates.error)}</Alert>
        ) : (
          <Select
            label="Template"
            placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
            data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={templateId}
            onChange={chooseTemplate}
            searchable
            nothingFoundMessage="No template"
            error={errors.template_id}
          />
        )}
        {templateId && template.isPending && <Skeleton h={36} radius="sm" aria-busy="true" />}
        {template.isError && <Alert color="red">{errorText(template.error)}</Alert>}
        {template.data && fields.length === 0 && (
          <Alert color="blue" variant="light">
            This template has no fields.
          </Alert>
        )}
        {shown && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Rule
            </Text>
            <RuleEditor
              fields={fields}
              rule={shown}
              onChange={setRule}
              errors={errors}
              errorPrefix="rule"
              name="the rule"
            />
          </Stack>
        )}
        <Checkbox label="On now" checked={isActive} onChange={(e) => setActive(e.currentTarget.checked)} />
      </Stack>
    </AppDialog>
  );
}

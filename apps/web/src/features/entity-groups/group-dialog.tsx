import { useState } from 'react';
import { Button, MultiSelect, Stack, TextInput, Textarea, type ComboboxData } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEntityGroup, TGroupMember } from '@esigns/contracts/entity-groups';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { IconInput } from '../../shared/ui/icon-input';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import {
  ENTITY_GROUP_KEYS,
  createEntityGroup,
  fetchDocTemplateOptions,
  fetchEntityOptions,
  fetchFormTemplateOptions,
  fetchVariableOptions,
  updateEntityGroup,
  type EntityGroupBody,
  type MemberOption,
} from './entity-groups-api';

type MemberKind = 'entity_ids' | 'form_template_ids' | 'doc_template_ids' | 'global_variable_ids';

const PICKERS: {
  kind: MemberKind;
  label: string;
  placeholder: string;
  load: (signal?: AbortSignal) => Promise<MemberOption[]>;
  members: (group: TEntityGroup) => TGroupMember[];
}[] = [
  {
    kind: 'entity_ids',
    label: 'Entities',
    placeholder: 'Pick entities',
    load: fetchEntityOptions,
    members: (g) => g.entities,
  },
  {
    kind: 'form_template_ids',
    label: 'Form templates',
    placeholder: 'Pick form templates',
    load: fetchFormTemplateOptions,
    members: (g) => g.formTemplates,
  },
  {
    kind: 'doc_template_ids',
    label: 'Document templates',
    placeholder: 'Pick document templates',
    load: fetchDocTemplateOptions,
    members: (g) => g.docTemplates,
  },
  {
    kind: 'global_variable_ids',
    label: 'Global variables',
    placeholder: 'Pick global variables',
    load: fetchVariableOptions,
    members: (g) => g.globalVariables,
  },
];

/** Mantine's grouped data, keeping the group's current members even when the list failed to load. */
function comboData(options: MemberOption[] | undefined, current: TGroupMember[]): ComboboxData {
  const all = [...(options ?? [])];
  for (const member of current) {
    if (!all.some((option) => option.value === member._id))
      all.push({ value: member._id, label: member.name });
  }
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const option of all) {
    const name = option.group ?? '';
    groups.set(name, [...(groups.get(name) ?? []), { value: option.value, label: option.label }]);
  }
  if (groups.size === 1 && groups.has('')) return groups.get('')!;
  return [...groups.entries()].map(([group, items]) => ({ group: group || 'Other', items }));
}

/** The first message of `key` or of an item below it (`entity_ids.2`), with the item's place. */
function errorOf(errors: Record<string, string>, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const item = Object.entries(errors).find(([k]) => k.startsWith(`${key}.`));
  if (!item) return undefined;
  const place = Number(item[0].slice(key.length + 1)) + 1;
  return Number.isFinite(place) ? `${item[1]} (item ${place})` : item[1];
}

function MemberPicker({
  picker,
  group,
  value,
  onChange,
  error,
}: {
  picker: (typeof PICKERS)[number];
  group: TEntityGroup | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  const options = useQuery({
    queryKey: ENTITY_GROUP_KEYS.options(picker.kind),
    queryFn: ({ signal }) => picker.load(signal),
  });
  return (
    <MultiSelect
      label={picker.label}
      placeholder={value.length ? undefined : picker.placeholder}
      data={comboData(options.data, group ? picker.members(group) : [])}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={options.isPending ? 'Loading…' : 'Nothing found'}
      description={options.error ? `Could not load the list: ${errorText(options.error)}` : undefined}
      error={error}
      maxDropdownHeight={240}
    />
  );
}

const bodyOf = (group: TEntityGroup | undefined): EntityGroupBody => ({
  name: group?.name ?? '',
  description: group?.description ?? '',
  icon: group?.icon ?? null,
  entity_ids: group?.entity_ids ?? [],
  form_template_ids: group?.form_template_ids ?? [],
  doc_template_ids: group?.doc_template_ids ?? [],
  global_variable_ids: group?.global_variable_ids ?? [],
});

/** Create (no `group`) or edit a group: name, description, icon and its four member lists. */
export function GroupDialog({ group, onClose }: { group?: TEntityGroup; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState<EntityGroupBody>(() => bodyOf(group));
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: EntityGroupBody) =>
      group ? updateEntityGroup(group._id, next) : createEntityGroup(next),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ENTITY_GROUP_KEYS.all });
      notifications.show({ color: 'teal', message: `${saved.name} ${group ? 'saved' : 'created'}` });
      onClose();
    },
  });
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const general =
    save.error && !(isApiError(save.error) && save.error.isValidation) ? errorText(save.error) : null;
  const set = (patch: Partial<EntityGroupBody>) => setBody((current) => ({ ...current, ...patch }));
  const submit = () => {
    if (!body.name.trim()) {
      setNameError('Give the group a name');
      return;
    }
    setNameError(null);
    save.mutate({ ...body, name: body.name.trim() });
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={group ? `Edit ${group.name}` : 'New entity group'}
      size="lg"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {group ? 'Save' : 'Create group'}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {general && <ErrorAlert>{general}</ErrorAlert>}
        {Object.keys(errors).length > 0 && !general && (
          <ErrorAlert>
            {save.error instanceof Error ? save.error.message : 'Please correct the highlighted fields.'}
          </ErrorAlert>
        )}
        <TextInput
          label="Name"
          required
          data-autofocus
          placeholder="e.g. Real estate"
          value={body.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={nameError ?? errors.name}
        />
        <Textarea
          label="Description"
          rows={2}
          value={body.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <IconInput label="Icon" value={body.icon} onChange={(icon) => set({ icon })} error={errors.icon} />
        {PICKERS.map((picker) => (
          <MemberPicker
            key={picker.kind}
            picker={picker}
            group={group}
            value={body[picker.kind]}
            onChange={(ids) => set({ [picker.kind]: ids })}
            error={errorOf(errors, picker.kind)}
          />
        ))}
      </Stack>
    </AppDialog>
  );
}

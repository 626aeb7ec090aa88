import { Checkbox, Group, NativeSelect, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  AGGREGATE_TARGET_FIELD_TYPES,
  RECORD_TITLE_FIELD_TYPES,
  type TEntityInputField,
} from '@esigns/contracts/entity-input-types';
import { AGGREGATE_FUNCTIONS, type TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { errorText } from '../../../shared/ui/page-kit';
import {
  GLOBAL_VARIABLE_KEYS,
  fetchGlobalVariable,
  fetchGlobalVariables,
  fetchStandardVariables,
} from '../../global-variables/global-variables-api';
import { useCompanyEntities, useEntityFields } from './reference-api';
import type { Patch, Problems } from './setting-inputs';

/*
 * The settings of fields that point elsewhere: ENTITY (the linked entity and the field shown for
 * a record), AGGREGATE (the related entity and the field aggregated) and GLOBAL_VARIABLE (the
 * variable). Pickers over the workspace's entities, their fields by type and its variables; the
 * stored values stay ids and keys. A stored id no longer found says so on its picker.
 */

type ReferenceProps = {
  field: Record<string, unknown> & { type: string; key: string };
  patch: Patch;
  problems: Problems;
};

const idOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The workspace's entities; `known` is the chosen id when it is one of them (fields can be asked). */
function EntityPicker({
  label,
  description,
  value,
  problem,
  onChange,
}: {
  label: string;
  description?: string;
  value: string | null;
  problem: string | undefined;
  onChange: (id: string) => void;
}) {
  const entities = useCompanyEntities();
  const missing = value !== null && entities.isSuccess && !entities.data.some((e) => e._id === value);
  const error =
    problem ??
    (entities.isError ? `Could not load the entities: ${errorText(entities.error)}` : undefined) ??
    (missing ? 'This entity no longer exists: choose another' : undefined);
  return (
    <Select
      size="xs"
      label={label}
      description={description}
      withAsterisk
      searchable
      allowDeselect={false}
      placeholder={entities.isPending ? 'Loading entities…' : 'Choose an entity'}
      nothingFoundMessage="No entity matches"
      data={(entities.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
      value={missing ? null : value}
      onChange={(next) => onChange(next ?? '')}
      error={error}
    />
  );
}

/** Whether `id` is one of the workspace's entities (false while they load). */
function useKnownEntity(id: string | null): string | null {
  const entities = useCompanyEntities();
  return id !== null && entities.data?.some((e) => e._id === id) ? id : null;
}

/** Options of a field picker: each key once (the first template that has it), grouped by template. */
function fieldOptions(fields: readonly TEntityInputField[]) {
  const seen = new Set<string>();
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const f of fields) {
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    const items = groups.get(f.template_name) ?? [];
    items.push({ value: f.key, label: f.label || f.key });
    groups.set(f.template_name, items);
  }
  if (groups.size <= 1) return [...groups.values()].flat();
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** A field of `entityId` of one of `types`, stored by key. */
function EntityFieldPicker({
  label,
  entityId,
  types,
  value,
  problem,
  onChange,
  placeholder,
  description,
  disabled,
  clearable,
}: {
  label: string;
  entityId: string | null;
  types: readonly TFormFieldType[];
  value: string | null;
  problem: string | undefined;
  onChange: (key: string | undefined) => void;
  placeholder: string;
  description?: string;
  disabled?: boolean;
  clearable?: boolean;
}) {
  const fields = useEntityFields(disabled ? null : entityId, types);
  const missing =
    !disabled && value !== null && fields.isSuccess && !fields.data.some((f) => f.key === value);
  const error =
    problem ??
    (fields.isError ? `Could not load the fields: ${errorText(fields.error)}` : undefined) ??
    (missing ? `"${value}" is no longer a suitable field of this entity: choose another` : undefined);
  const loading = entityId !== null && !disabled && fields.isPending;
  return (
    <Select
      size="xs"
      label={label}
      description={description}
      searchable
      clearable={clearable}
      disabled={disabled || entityId === null}
      placeholder={
        disabled
          ? placeholder
          : entityId === null
            ? 'Choose the entity first'
            : loading
              ? 'Loading fields…'
              : fields.data?.length === 0
                ? 'No suitable field'
                : placeholder
      }
      nothingFoundMessage="No field matches"
      data={fieldOptions(fields.data ?? [])}
      value={missing || disabled ? null : value}
      onChange={(next) => onChange(next ?? undefined)}
      error={error}
    />
  );
}

/** ENTITY: the linked entity, the field shown for a record, one or several records. */
export function EntityReferenceSettings({ field, patch, problems }: ReferenceProps) {
  const entityId = idOf(field.entity_id);
  const known = useKnownEntity(entityId);
  return (
    <Stack gap="xs">
      <EntityPicker
        label="Entity"
        description="The entity whose records this field links to"
        value={entityId}
        problem={problems.entity_id}
        onChange={(id) => patch({ entity_id: id, display_field: undefined })}
      />
      <EntityFieldPicker
        label="Field shown for a record"
        entityId={known}
        types={RECORD_TITLE_FIELD_TYPES}
        value={idOf(field.display_field)}
        problem={problems.display_field}
        onChange={(key) => patch({ display_field: key })}
        placeholder="Its primary field"
        clearable
      />
      <Checkbox
        size="xs"
        label="Several records"
        checked={field.allow_multiple === true}
        onChange={(event) => patch({ allow_multiple: event.currentTarget.checked })}
      />
    </Stack>
  );
}

/** AGGREGATE: the related entity, the function and (but for COUNT) the field aggregated. */
export function AggregateReferenceSettings({ field, patch, problems }: ReferenceProps) {
  const entityId = idOf(field.entity_id);
  const known = useKnownEntity(entityId);
  const fn = typeof field.function === 'string' ? field.function : 'COUNT';
  const isCount = fn === 'COUNT';
  return (
    <Stack gap="xs">
      <EntityPicker
        label="Related entity"
        value={entityId}
        problem={problems.entity_id}
        onChange={(id) => patch({ entity_id: id, field_key: undefined })}
      />
      <Group grow gap="xs" align="flex-start">
        <NativeSelect
          size="xs"
          label="Function"
          data={[...AGGREGATE_FUNCTIONS]}
          value={fn}
          onChange={(event) => patch({ function: event.currentTarget.value })}
          error={problems.function}
        />
        <EntityFieldPicker
          label="Field of the related records"
          entityId={known}
          types={AGGREGATE_TARGET_FIELD_TYPES}
          value={idOf(field.field_key)}
          problem={isCount ? undefined : problems.field_key}
          onChange={(key) => patch({ field_key: key })}
          placeholder={isCount ? 'Not needed for COUNT' : 'Choose a number field'}
          description={isCount ? 'COUNT counts the related records' : undefined}
          disabled={isCount}
        />
      </Group>
    </Stack>
  );
}

const OWN_VARIABLES = { page: 1, limit: 500 };

/** GLOBAL_VARIABLE: one of the workspace's variables or a standard one. */
export function GlobalVariableReferenceSettings({ field, patch, problems }: ReferenceProps) {
  const value = idOf(field.global_variable_id);
  const own = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.page(OWN_VARIABLES),
    queryFn: ({ signal }) => fetchGlobalVariables(OWN_VARIABLES, signal),
    staleTime: 60_000,
  });
  const standard = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.standard,
    queryFn: ({ signal }) => fetchStandardVariables(signal),
    staleTime: 60_000,
  });
  const listed = [...(own.data?.data ?? []), ...(standard.data ?? [])];
  const loaded = own.isSuccess && standard.isSuccess;
  const inList = value !== null && listed.some((v) => v._id === value);
  // A workspace with more variables than one page: the chosen one is read on its own.
  const one = useQuery({
    queryKey: GLOBAL_VARIABLE_KEYS.one(value ?? ''),
    queryFn: ({ signal }) => fetchGlobalVariable(value!, signal),
    enabled: value !== null && loaded && !inList,
    retry: false,
  });
  const chosen = inList ? null : one.data;
  const missing = value !== null && loaded && !inList && one.isError;
  const failure = own.error ?? standard.error;
  const options = (rows: typeof listed) => rows.map((v) => ({ value: v._id, label: v.label }));
  const ownRows = [...(own.data?.data ?? []), ...(chosen ? [chosen] : [])];
  const data = [
    ...(ownRows.length > 0 ? [{ group: 'This workspace', items: options(ownRows) }] : []),
    ...((standard.data ?? []).length > 0 ? [{ group: 'Standard', items: options(standard.data ?? []) }] : []),
  ];
  return (
    <Select
      size="xs"
      label="Global variable"
      description="The field shows this variable's current value"
      withAsterisk
      searchable
      allowDeselect={false}
      placeholder={!loaded && !failure ? 'Loading global variables…' : 'Choose a global variable'}
      nothingFoundMessage="No variable matches"
      data={data}
      value={missing ? null : value}
      onChange={(next) => patch({ global_variable_id: next ?? '' })}
      error={
        problems.global_variable_id ??
        (failure ? `Could not load the global variables: ${errorText(failure)}` : undefined) ??
        (missing ? 'This global variable no longer exists: choose another' : undefined)
      }
    />
  );
}

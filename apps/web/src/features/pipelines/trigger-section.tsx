import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import {
  VALUELESS_OPERATORS,
  type TPipelineCondition,
  type TPipelineEntityActions,
} from '@esigns/contracts/pipelines';
import type { FieldErrors } from '../../shared/api/api-error';
import { defaultSchedule, type Draft } from './draft';
import { ScheduleFields } from './schedule-fields';

type Props = {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  options: TPipelineEntityActions | undefined;
  entities: { value: string; label: string }[];
  errors: FieldErrors;
};

/** One condition: a field, an operator and (unless the operator takes none) a value. */
function ConditionRow({
  condition,
  index,
  options,
  errors,
  onChange,
  onRemove,
}: {
  condition: TPipelineCondition;
  index: number;
  options: TPipelineEntityActions | undefined;
  errors: FieldErrors;
  onChange: (next: TPipelineCondition) => void;
  onRemove: () => void;
}) {
  const fields = [
    ...(options?.fields ?? []).map((f) => ({ value: f.name, label: `${f.label} (${f.group})` })),
    ...(options?.merge_fields ?? [])
      .filter((f) => !f.name.startsWith('step'))
      .map((f) => ({ value: f.name, label: f.label })),
  ];
  const choices = options?.fields.find((f) => f.name === condition.field)?.options ?? [];
  const valueless = VALUELESS_OPERATORS.includes(condition.operator);
  const path = `conditions.${index}`;
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" data-testid="pipeline-condition">
      <Select
        aria-label={`Condition ${index + 1} field`}
        placeholder="Field"
        data={fields}
        value={condition.field || null}
        onChange={(field) => onChange({ ...condition, field: field ?? '' })}
        error={errors[`${path}.field`]}
        searchable
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        aria-label={`Condition ${index + 1} operator`}
        data={(options?.operators ?? []).map((o) => ({ value: o.value, label: o.label }))}
        value={condition.operator}
        onChange={(operator) =>
          operator && onChange({ ...condition, operator: operator as TPipelineCondition['operator'] })
        }
        w={{ base: '100%', sm: 190 }}
      />
      {!valueless &&
        (choices.length > 0 ? (
          <Select
            aria-label={`Condition ${index + 1} value`}
            data={choices}
            value={condition.value || null}
            onChange={(value) => onChange({ ...condition, value: value ?? '' })}
            w={{ base: '100%', sm: 180 }}
          />
        ) : (
          <TextInput
            aria-label={`Condition ${index + 1} value`}
            value={condition.value}
            onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
            w={{ base: '100%', sm: 180 }}
          />
        ))}
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove condition ${index + 1}`}
        onClick={onRemove}
        mt={6}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

/** When: the event, the entity of record events, and conditions (all must hold). */
export function TriggerSection({ draft, onChange, options, entities, errors }: Props) {
  const isRecord = options?.triggers.find((t) => t.value === draft.trigger)?.record ?? true;
  const isSchedule = draft.trigger === 'schedule';
  const setTrigger = (trigger: Draft['trigger']) =>
    onChange({
      trigger,
      ...(trigger === 'schedule' && !draft.schedule ? { schedule: defaultSchedule() } : {}),
    });
  const setCondition = (index: number, next: TPipelineCondition) =>
    onChange({ conditions: draft.conditions.map((c, i) => (i === index ? next : c)) });
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Select
          label="When"
          data={(options?.triggers ?? []).map((t) => ({ value: t.value, label: t.label }))}
          value={draft.trigger}
          onChange={(trigger) => trigger && setTrigger(trigger as Draft['trigger'])}
          error={errors.trigger}
          w={{ base: '100%', sm: 240 }}
        />
        {isRecord && (
          <Select
            label="Of entity"
            placeholder="Choose the entity"
            data={entities}
            value={draft.entity_id}
            onChange={(entityId) => onChange({ entity_id: entityId, conditions: [] })}
            error={errors.entity_id}
            searchable
            w={{ base: '100%', sm: 260 }}
          />
        )}
      </Group>
      {isSchedule && (
        <ScheduleFields
          schedule={draft.schedule ?? defaultSchedule()}
          onChange={(schedule) => onChange({ schedule })}
          errors={errors}
        />
      )}
      {errors.schedule && (
        <Text size="sm" c="red">
          {errors.schedule}
        </Text>
      )}
      <Text size="sm" fw={500}>
        Only if (all hold)
      </Text>
      {draft.conditions.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions:{' '}
          {isSchedule ? 'every slot runs it' : `every ${isRecord ? 'record' : 'event'} runs it`}.
        </Text>
      )}
      {draft.conditions.map((condition, index) => (
        <ConditionRow
          key={index}
          condition={condition}
          index={index}
          options={options}
          errors={errors}
          onChange={(next) => setCondition(index, next)}
          onRemove={() => onChange({ conditions: draft.conditions.filter((_, i) => i !== index) })}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange({ conditions: [...draft.conditions, { field: '', operator: 'equals', value: '' }] })
          }
        >
          Add condition
        </Button>
      </Group>
    </Stack>
  );
}

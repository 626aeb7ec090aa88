import { Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { WORKFLOW_MAX_REMINDERS_DEFAULT, type TWorkflowTiming } from '@esigns/contracts/workflows';
import type { FieldErrors } from '../../../shared/api/api-error';
import { fetchContactTypes } from '../../contacts/contacts-api';
import type { WorkflowDraft } from './workflow-draft';

type Props = {
  draft: WorkflowDraft;
  errors: FieldErrors;
  onChange: (change: Partial<WorkflowDraft>) => void;
};

const days = (value: string | number) => (typeof value === 'number' && value > 0 ? value : null);

/** The contract's bound of `max_reminders`. */
const MAX_REMINDERS = 20;

/** The timing with `max_reminders` set, or without it (the default) when emptied. */
function withMaxReminders(timing: TWorkflowTiming, value: string | number): TWorkflowTiming {
  const next = { ...timing };
  if (typeof value === 'number') next.max_reminders = value;
  else delete next.max_reminders;
  return next;
}

/** Said at once, before the server's 422 would. */
export function maxRemindersProblem(value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > MAX_REMINDERS) return `From 1 to ${MAX_REMINDERS}`;
  return undefined;
}

/** The definition's name, description, the contact type of its person, and its expiry and reminders. */
export function BuilderDetails({ draft, errors, onChange }: Props) {
  const types = useQuery({
    queryKey: ['workflow-builder', 'contact-types'],
    queryFn: ({ signal }) => fetchContactTypes(signal),
    staleTime: 60_000,
  });
  const typeData = (types.data ?? []).map((type) => ({ value: type._id, label: type.name }));
  return (
    <Stack gap="sm" p="md">
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
        maxLength={150}
      />
      <Textarea
        label="Description"
        value={draft.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        error={errors.description}

        rows={2}
      />
      <Select
        label="Contact type of the person"
        description="Only contacts of this type can be sent the packet; none: any contact."
        placeholder={types.isLoading ? 'Loading…' : 'Any contact'}
        data={typeData}
        value={draft.contact_type_id}
        onChange={(contact_type_id) => onChange({ contact_type_id })}
        clearable
        error={errors.contact_type_id ?? (types.error ? 'Could not load the contact types' : undefined)}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Expires after (days)"
          description="Empty: never"
          min={1}
          max={365}
          value={draft.timing.expire_after_days ?? ''}
          onChange={(value) => onChange({ timing: { ...draft.timing, expire_after_days: days(value) } })}
          error={errors['timing.expire_after_days']}
        />
        <NumberInput
          label="Remind every (days)"
          description="Empty: no reminders"
          min={1}
          max={60}
          value={draft.timing.reminder_every_days ?? ''}
          onChange={(value) => onChange({ timing: { ...draft.timing, reminder_every_days: days(value) } })}
          error={errors['timing.reminder_every_days']}
        />
        <NumberInput
          label="Reminders at most"
          description={`Per step; empty: ${WORKFLOW_MAX_REMINDERS_DEFAULT}`}
          placeholder={String(WORKFLOW_MAX_REMINDERS_DEFAULT)}
          min={1}
          max={MAX_REMINDERS}
          allowDecimal={false}
          allowNegative={false}
          disabled={draft.timing.reminder_every_days === null}
          value={draft.timing.max_reminders ?? ''}
          onChange={(value) => onChange({ timing: withMaxReminders(draft.timing, value) })}
          error={errors['timing.max_reminders'] ?? maxRemindersProblem(draft.timing.max_reminders)}
        />
      </Group>
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Divider, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { ActionsSection } from './actions-section';
import type { Draft } from './draft';
import { PIPELINE_KEYS, fetchEntityActions, fetchEntityChoices } from './pipelines-api';
import { TriggerSection } from './trigger-section';

type Props = {
  initial: Draft;
  saving: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (draft: Draft) => void;
};

/** The merge fields a text may use, as a hint under the form. */
function MergeHint({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      Merge fields: {names.map((n) => `{{${n}}}`).join(', ')}
    </Text>
  );
}

/** The pipeline editor: name, on/off, the trigger with its conditions, the ordered actions. */
export function PipelineForm({ initial, saving, error, submitLabel, onSubmit }: Props) {
  const [draft, setDraft] = useState<Draft>(initial);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const options = useQuery({
    queryKey: PIPELINE_KEYS.entityActions(draft.entity_id),
    queryFn: ({ signal }) => fetchEntityActions(draft.entity_id, signal),
  });
  const entities = useQuery({
    queryKey: PIPELINE_KEYS.entities,
    queryFn: ({ signal }) => fetchEntityChoices(signal),
  });
  const errors = isApiError(error) ? error.fieldErrors : {};
  const merge = [
    ...(options.data?.fields ?? []).map((f) => f.name),
    ...(options.data?.merge_fields ?? []).map((f) => f.name),
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <Stack gap="md" maw={860}>
        {!!error && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Name"
                required
                value={draft.name}
                onChange={(event) => change({ name: event.currentTarget.value })}
                error={errors.name}
                w={{ base: '100%', sm: 360 }}
              />
              <Switch
                label="On"
                checked={draft.enabled}
                onChange={(event) => change({ enabled: event.currentTarget.checked })}
                mb={8}
              />
            </Group>
            <Divider />
            <TriggerSection
              draft={draft}
              onChange={change}
              options={options.data}
              entities={entities.data ?? []}
              errors={errors}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={500}>Then</Text>
            <ActionsSection
              actions={draft.actions}
              onChange={(actions) => change({ actions })}
              options={options.data}
              entities={entities.data ?? []}
              triggerEntityId={draft.entity_id}
              errors={errors}
            />
            <MergeHint names={merge} />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

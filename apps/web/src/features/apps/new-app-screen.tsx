import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Stack, Stepper, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { INDUSTRY_TYPES, type TIndustryType } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { ENTITY_GROUP_KEYS, fetchEntityGroups } from '../entity-groups/entity-groups-api';
import { createApp } from './apps-api';
import { AppsNav } from './apps-nav';
import { CreatedApp } from './created-app';

/** /apps/new/steps: package an entity group: choose it, sample data or not, then name, version and notes. */
export function NewAppScreen() {
  usePageTitle('New app');
  const [step, setStep] = useState(0);
  const [groupId, setGroupId] = useState('');
  const [records, setRecords] = useState(false);
  const [form, setForm] = useState({
    name: '',
    version: '1.0.0',
    description: '',
    industry_type: 'OTHER',
    release_notes: '',
  });
  const groups = useQuery({
    queryKey: ENTITY_GROUP_KEYS.list,
    queryFn: ({ signal }) => fetchEntityGroups(signal),
  });
  const create = useMutation({
    mutationFn: () =>
      createApp({
        entity_group_id: groupId,
        include_records: records,
        ...form,
        industry_type: form.industry_type as TIndustryType,
      }),
  });
  const group = groups.data?.data.find((g) => g._id === groupId);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <PageFrame
      title="New app"
      description="Package an entity group (its entities, templates, relationships, views, forms, workflows and dashboards) as an app."
      actions={<AppsNav current="/apps/new/steps" />}
    >
      <Panel>
        <Stack p="md" gap="md">
          <Stepper active={step} onStepClick={setStep} size="sm">
            <Stepper.Step label="Entity group">
              <Stack gap="sm" maw={480}>
                <NativeSelect
                  label="Entity group"
                  data={[
                    { value: '', label: groups.isPending ? 'Loading…' : 'Choose a group' },
                    ...(groups.data?.data ?? []).map((g) => ({
                      value: g._id,
                      label: `${g.name} (${g.entity_ids.length} entities)`,
                    })),
                  ]}
                  value={groupId}
                  onChange={(e) => {
                    setGroupId(e.currentTarget.value);
                    const chosen = groups.data?.data.find((g) => g._id === e.currentTarget.value);
                    if (chosen && !form.name) setForm((f) => ({ ...f, name: chosen.name }));
                  }}
                />
                <Checkbox
                  label="Include up to 20 records per entity as sample data"
                  checked={records}
                  onChange={(e) => setRecords(e.currentTarget.checked)}
                />
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Details">
              <Stack gap="sm" maw={480}>
                <TextInput
                  label="App name"
                  required
                  value={form.name}
                  onChange={(e) => set('name')(e.currentTarget.value)}
                />
                <Group grow>
                  <TextInput
                    label="Version"
                    value={form.version}
                    onChange={(e) => set('version')(e.currentTarget.value)}
                  />
                  <NativeSelect
                    label="Industry"
                    data={INDUSTRY_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                    value={form.industry_type}
                    onChange={(e) => set('industry_type')(e.currentTarget.value)}
                  />
                </Group>
                <Textarea
                  label="Description"
                  value={form.description}
                  onChange={(e) => set('description')(e.currentTarget.value)}
                  autosize
                  minRows={2}
                />
                <Textarea
                  label="Release notes"
                  value={form.release_notes}
                  onChange={(e) => set('release_notes')(e.currentTarget.value)}
                  autosize
                  minRows={2}
                />
              </Stack>
            </Stepper.Step>
            <Stepper.Completed>{create.data ? <CreatedApp app={create.data} /> : null}</Stepper.Completed>
          </Stepper>
          {create.isError && <ErrorAlert>{errorText(create.error)}</ErrorAlert>}
          {step < 2 && (
            <Group justify="space-between">
              <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>
                Back
              </Button>
              {step === 0 ? (
                <Button disabled={!group} onClick={() => setStep(1)}>
                  Next
                </Button>
              ) : (
                <Button
                  loading={create.isPending}
                  disabled={!form.name.trim()}
                  onClick={() => create.mutate(undefined, { onSuccess: () => setStep(2) })}
                >
                  Package the app
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Panel>
    </PageFrame>
  );
}

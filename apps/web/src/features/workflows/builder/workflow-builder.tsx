import { useState } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TWorkflow } from '@esigns/contracts/workflows';
import type { Can } from '../../../shared/permissions/use-can';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../../shared/ui/page-kit';
import { WorkflowStatusBadge } from '../workflow-rows';
import { workflowPaths } from '../workflows-api';
import { BuilderDetails } from './builder-details';
import { StepsEditor } from './steps-editor';
import { useSaveWorkflow } from './use-save-workflow';
import { draftOf, type WorkflowDraft } from './workflow-draft';

/**
 * The builder: the definition's details and timing, then its steps by stage; Save (`PUT`) and, for a
 * draft or inactive one, Save and activate. A definition with packets under way warns that saving
 * makes a new version (those packets keep theirs).
 */
export function WorkflowBuilder({ workflow, rights }: { workflow: TWorkflow; rights: Pick<Can, 'can'> }) {
  const [saved, setSaved] = useState(workflow);
  const [draft, setDraft] = useState<WorkflowDraft>(() => draftOf(workflow));
  const save = useSaveWorkflow(saved, (next) => {
    setSaved(next);
    setDraft(draftOf(next));
  });
  const canActivate =
    rights.can('workflows:change-status') && (saved.status === 'DRAFT' || saved.status === 'INACTIVE');
  const patch = (change: Partial<WorkflowDraft>) => setDraft((current) => ({ ...current, ...change }));
  const busy = save.mutation.isPending;
  const actions = (
    <Group gap="xs">
      <Button variant="default" component={Link} to={workflowPaths.view(saved._id)}>
        Close
      </Button>
      <Button
        variant={canActivate ? 'light' : 'filled'}
        leftSection={<IconDeviceFloppy size={16} />}
        loading={busy && !save.mutation.variables?.activate}
        disabled={busy}
        onClick={() => save.mutation.mutate({ draft, activate: false })}
      >
        Save
      </Button>
      {canActivate && (
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={busy && save.mutation.variables?.activate}
          disabled={busy}
          onClick={() => save.mutation.mutate({ draft, activate: true })}
        >
          Save and activate
        </Button>
      )}
    </Group>
  );
  return (
    <PageFrame title={`Edit ${saved.name}`} actions={actions}>
      <Stack gap="lg" maw={880}>
        <Group gap="xs">
          <WorkflowStatusBadge status={saved.status} />
          <span>Version {saved.version}</span>
        </Group>
        {saved.running_count > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Packets are under way">
            {saved.running_count} packet{saved.running_count === 1 ? ' uses' : 's use'} version{' '}
            {saved.version}. Saving makes version {saved.version + 1}; the packets already sent keep theirs.
          </Alert>
        )}
        {save.fieldCount > 0 && (
          <ErrorAlert>Some fields need fixing ({save.fieldCount}): they are marked below.</ErrorAlert>
        )}
        {save.otherError && <ErrorAlert>{errorText(save.otherError)}</ErrorAlert>}
        <Panel>
          <BuilderDetails draft={draft} errors={save.errors.fields} onChange={patch} />
        </Panel>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Steps
          </Title>
          <StepsEditor
            steps={draft.steps}
            errors={save.errors.steps}
            stepsError={save.errors.fields.steps}
            onChange={(steps) => patch({ steps })}
          />
        </Stack>
      </Stack>
    </PageFrame>
  );
}

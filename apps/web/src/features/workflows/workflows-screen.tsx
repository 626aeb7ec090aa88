import { Button, SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { DefinitionsList } from './definitions-list';
import { InstancesList } from './instances-list';
import { NewWorkflowDialog } from './new-workflow-dialog';

type View = 'definitions' | 'instances';

/**
 * /workflows: the company's workflow definitions and, in a second view, their running instances;
 * each with status tabs and their counts, search and paging. "New workflow" names one and opens
 * the builder.
 */
export function WorkflowsScreen() {
  usePageTitle('Workflows');
  const rights = useCan();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'instances' ? 'instances' : 'definitions';
  const [creating, setCreating] = useState(false);
  const newWorkflow = rights.can('workflows:create') && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New workflow
    </Button>
  );
  const viewSwitch = (
    <SegmentedControl
      aria-label="What to list"
      value={view}
      onChange={(next) => setParams(next === 'instances' ? { view: 'instances' } : {}, { replace: true })}
      data={[
        { value: 'definitions', label: 'Workflows' },
        { value: 'instances', label: 'Sent packets' },
      ]}
    />
  );
  const props = { rights, actions: newWorkflow, viewSwitch, onNew: () => setCreating(true) };
  return (
    <>
      {view === 'definitions' ? <DefinitionsList {...props} /> : <InstancesList {...props} />}
      {creating && <NewWorkflowDialog onClose={() => setCreating(false)} />}
    </>
  );
}

import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TWorkflowInstanceDetail } from '@esigns/contracts/workflows';
import { ContactPicker, type ContactPickerValue } from '../../contacts/contact-picker';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../../shared/ui/page-kit';
import { InstanceSteps } from '../instance/instance-steps';
import {
  WORKFLOW_KEYS,
  addInstanceContacts,
  fetchInstance,
  sendInstance,
  workflowPaths,
} from '../workflows-api';

type Chosen = ContactPickerValue & { contact_id: string };

const nameOf = (c: ContactPickerValue) => `${c.first_name} ${c.last_name}`.trim() || c.email;

/**
 * The send form of a DRAFT packet: the contacts (one packet each, in one batch), the steps they get,
 * then Send (`addWorkflow-contacts`, `documents/send-workflow`): the batch's progress shows until done.
 */
export function SendWorkflowForm({ draft }: { draft: TWorkflowInstanceDetail }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen[]>(() =>
    draft.primary?.contact_id
      ? [
          {
            contact_id: draft.primary.contact_id,
            email: draft.primary.email,
            first_name: draft.primary.name,
            last_name: '',
          },
        ]
      : [],
  );
  const send = useMutation({
    mutationFn: async () => {
      await addInstanceContacts(
        draft._id,
        chosen.map((c) => c.contact_id),
      );
      return sendInstance(draft._id);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all }),
  });
  const progress = send.data;
  const following = useQuery({
    queryKey: [...WORKFLOW_KEYS.instance(draft._id), 'sending'],
    queryFn: ({ signal }) => fetchInstance(draft._id, signal),
    enabled: Boolean(progress) && progress?.status !== 'DONE',
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'DRAFT' ? false : 2000),
  });
  const started = progress?.status === 'DONE' || (following.data && following.data.status !== 'DRAFT');
  const back = draft.workflow_id ? workflowPaths.view(draft.workflow_id) : workflowPaths.list;
  return (
    <PageFrame
      title={`Send ${draft.workflow_name}`}
      description={`Version ${draft.version}: each contact gets a packet of their own.`}
    >
      <Stack gap="lg" maw={720}>
        {send.error && <ErrorAlert>{errorText(send.error)}</ErrorAlert>}
        <Panel>
          <Stack gap="sm" p="md">
            <ContactPicker
              label="Contacts"
              description="Search and add one or many contacts."
              excludeEmails={chosen.map((c) => c.email)}
              disabled={Boolean(progress)}
              onSelect={(contact) => {
                const id = contact.contact_id;
                if (id) setChosen((list) => [...list, { ...contact, contact_id: id }]);
              }}
            />
            {chosen.map((contact) => (
              <Group
                key={contact.contact_id}
                justify="space-between"
                wrap="nowrap"
                data-testid="chosen-contact"
              >
                <Text size="sm" truncate>
                  {nameOf(contact)}{' '}
                  <Text span c="dimmed">
                    {contact.email}
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${nameOf(contact)}`}
                  disabled={Boolean(progress)}
                  onClick={() => setChosen((list) => list.filter((c) => c.contact_id !== contact.contact_id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Panel>
        <InstanceSteps steps={draft.steps} instanceId={draft._id} />
        {progress && (
          <Paper withBorder p="md" radius="md" data-testid="send-progress">
            <Title order={4} size="h5">
              {started ? 'Sent' : 'Sending…'}
            </Title>
            <Progress
              mt="xs"
              value={
                started
                  ? 100
                  : progress.total
                    ? ((progress.sent + progress.failed) / progress.total) * 100
                    : 0
              }
            />
            <Text size="sm" mt={4}>
              {progress.total} packet{progress.total === 1 ? '' : 's'} queued
              {progress.failed ? ` · ${progress.failed} could not start` : ''}
            </Text>
          </Paper>
        )}
        <Group>
          <Button variant="default" component={Link} to={back}>
            {progress ? 'Back to the workflow' : 'Cancel'}
          </Button>
          {!progress && (
            <Button
              leftSection={<IconSend size={16} />}
              disabled={chosen.length === 0}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              Send to {chosen.length} contact{chosen.length === 1 ? '' : 's'}
            </Button>
          )}
        </Group>
      </Stack>
    </PageFrame>
  );
}

import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TRenderedEmail } from '@esigns/contracts/email';
import { ErrorAlert, Panel, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, fetchRecordOptions } from '../entities/entities-api';
import { previewEmailTemplate, type PreviewDraft } from './email-templates-api';

/** A mail's HTML in a sandboxed frame (no scripts, no same-origin access), then its text part. */
export function RenderedMail({ mail }: { mail: Pick<TRenderedEmail, 'subject' | 'html' | 'text'> }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        <b>Subject:</b> {mail.subject}
      </Text>
      <Tabs defaultValue="html">
        <Tabs.List>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <iframe
            title="Mail preview"
            sandbox=""
            srcDoc={mail.html}
            style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Box component="pre" fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
            {mail.text}
          </Box>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function RecordChoice({
  entityId,
  value,
  onChange,
}: {
  entityId: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const records = useQuery({
    queryKey: ENTITY_KEYS.picker(entityId, search),
    queryFn: ({ signal }) => fetchRecordOptions(entityId, search, signal),
  });
  return (
    <Select
      label="Record"
      placeholder="The newest record"
      data={(records.data?.data ?? []).map((record) => ({
        value: record._id,
        label: record.title || record._id,
      }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      onSearchChange={setSearch}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

/**
 * The editor's preview: the unsaved draft rendered with a record of the entity (picked, else the
 * newest), its empty merge fields listed; "Send a test to myself" mails the same render to the caller.
 */
export function TemplatePreview({ draft }: { draft: PreviewDraft }) {
  const [recordId, setRecordId] = useState<string | null>(null);
  const render = useMutation({
    mutationFn: (sendToMe: boolean) =>
      previewEmailTemplate({ draft, ...(recordId ? { record_id: recordId } : {}), send_to_me: sendToMe }),
    onSuccess: (_mail, sendToMe) => {
      if (sendToMe) notifications.show({ color: 'teal', message: 'Test mail sent to you' });
    },
  });
  const mail = render.data;
  return (
    <Panel>
      <Stack p="md" gap="sm">
        <Group align="flex-end" wrap="wrap">
          <RecordChoice entityId={draft.entity_id} value={recordId} onChange={setRecordId} />
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={() => render.mutate(false)}
            loading={render.isPending && render.variables === false}
          >
            Preview
          </Button>
          <Button
            variant="default"
            leftSection={<IconSend size={16} />}
            onClick={() => render.mutate(true)}
            loading={render.isPending && render.variables === true}
          >
            Send a test to myself
          </Button>
        </Group>
        {render.isError && <ErrorAlert>{errorText(render.error)}</ErrorAlert>}
        {mail && mail.empty_fields.length > 0 && (
          <Alert color="yellow" title="Empty for this record">
            <Group gap={4}>
              {mail.empty_fields.map((name) => (
                <Badge key={name} variant="light" color="yellow" tt="none">{`{{${name}}}`}</Badge>
              ))}
            </Group>
          </Alert>
        )}
        {mail && <RenderedMail mail={mail} />}
      </Stack>
    </Panel>
  );
}

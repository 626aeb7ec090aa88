import { useState } from 'react';
import { Button, CopyButton, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { PUBLIC_LINK_MAX_DAYS, type TPublicLink } from '@esigns/contracts/entity-actions';
import { formatDate } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../team/team-ui';
import { createPublicLink } from './record-actions-api';
import { useEntityTemplates } from './use-entity-templates';

/** "Share link": a link anyone can open to read one template of the record, until it expires. */
export function ShareLinkDialog({
  opened,
  onClose,
  entityId,
  recordId,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordId: string;
}) {
  const templates = useEntityTemplates(entityId).filter((t) => !t.is_repeatable);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [days, setDays] = useState<number>(30);
  const [link, setLink] = useState<TPublicLink | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createPublicLink({
        entity_data_id: recordId,
        expires_in_days: days,
        ...(templateId ? { template_id: templateId } : {}),
      }),
    onSuccess: setLink,
  });
  const close = () => {
    setLink(null);
    onClose();
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title="Share a read-only link"
      size="md"
      footer={
        link ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              Create link
            </Button>
          </>
        )
      }
    >
      <Stack>
        {create.error ? <ErrorAlert>{errorText(create.error)}</ErrorAlert> : null}
        {link ? (
          <>
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput label="Link" value={link.url} readOnly style={{ flex: 1 }} />
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Anyone with the link can read these values until {formatDate(link.expires_at)}. It stops working
              earlier if the record is deleted or you can no longer share records.
            </Text>
          </>
        ) : (
          <>
            <Select
              label="What it shows"
              data={templates.map((t) => ({ value: t._id, label: t.name }))}
              placeholder={templates[0]?.name ?? 'The main template'}
              value={templateId}
              onChange={setTemplateId}
              clearable
            />
            <NumberInput
              label="Valid for (days)"
              min={1}
              max={PUBLIC_LINK_MAX_DAYS}
              value={days}
              onChange={(v) => setDays(typeof v === 'number' ? v : Number(v) || 30)}
            />
          </>
        )}
      </Stack>
    </AppDialog>
  );
}

import { useState } from 'react';
import { ActionIcon, Button, CopyButton, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { TDocumentUser } from '@esigns/contracts/documents';
import { FormDialog, LoadedInput } from '../../shared/ui/form-dialog';
import type { ActionDialogProps } from './confirm-dialogs';
import { generateRecipientLink, resendToRecipient, type TDocumentLink } from './document-actions-api';
import { closeThenDone, useDocumentAction, useDocumentDetail } from './use-document-action';

/** Recipients who have been asked to act and have not finished: the ones a mail or link can reach. */
export function isDueRecipient(recipient: Pick<TDocumentUser, 'status' | 'user_type'>): boolean {
  return recipient.user_type !== 'CC' && (recipient.status === 'SENT' || recipient.status === 'VIEWED');
}

export function recipientLabel(recipient: Pick<TDocumentUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();
  return name ? `${name} (${recipient.email})` : recipient.email;
}

/** Picks one recipient who is due (has been sent the document and has not finished). */
function DueRecipientPicker({
  documentId,
  value,
  onChange,
  error,
}: {
  documentId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error: string | null;
}) {
  const detail = useDocumentDetail(documentId);
  return (
    <LoadedInput error={detail.error} isPending={detail.isPending}>
      {() => {
        const due = (detail.data?.document_users ?? []).filter(isDueRecipient);
        if (due.length === 0) {
          return (
            <Text size="sm" c="dimmed">
              Nobody is waiting to act on this document right now: recipients later in the signing order get
              their link when their turn comes.
            </Text>
          );
        }
        return (
          <Select
            label="Recipient"
            placeholder="Pick a recipient"
            data={due.map((recipient) => ({ value: recipient._id, label: recipientLabel(recipient) }))}
            value={value}
            onChange={onChange}
            withAsterisk
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        );
      }}
    </LoadedInput>
  );
}

/** The recipient a dialog acts on: the picker, and a confirm that asks for one until it is picked. */
function useDueRecipientChoice(documentId: string) {
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const picker = (
    <DueRecipientPicker
      documentId={documentId}
      value={recipientId}
      onChange={(id) => {
        setRecipientId(id);
        setCheckError(null);
      }}
      error={checkError}
    />
  );
  const confirm = (run: (id: string) => void) => () =>
    recipientId ? run(recipientId) : setCheckError('Pick a recipient');
  return { picker, confirm };
}

export function ResendDialog({ document, onClose, onDone }: ActionDialogProps) {
  const choice = useDueRecipientChoice(document._id);
  const mutation = useDocumentAction((id: string) => resendToRecipient(document._id, id), {
    title: 'Document sent again',
    message: () => document.name,
    onSuccess: closeThenDone({ onClose, onDone }),
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Resend document"
      confirmLabel="Resend"
      onConfirm={choice.confirm((id) => mutation.mutate(id))}
      isPending={mutation.isPending}
      intro={
        <Text size="sm" c="dimmed">
          The recipient is mailed a new link to <b>{document.name}</b>; the link they had before stops
          working.
        </Text>
      }
      error={mutation.error}
    >
      {choice.picker}
    </FormDialog>
  );
}

function CreatedLink({ link }: { link: TDocumentLink }) {
  return (
    <>
      <Text size="sm">
        Anyone with this link can act as <b>{link.email}</b> on this document: give it only to them. Their
        previous link no longer works.
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="Link"
          value={link.link}
          readOnly
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={link.link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label="Copy link">
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </>
  );
}

export function GenerateLinkDialog({ document, onClose, onDone }: ActionDialogProps) {
  const choice = useDueRecipientChoice(document._id);
  const [link, setLink] = useState<TDocumentLink | null>(null);
  const mutation = useDocumentAction((id: string) => generateRecipientLink(document._id, id), {
    title: 'Signing link created',
    message: (result) => result.email,
    onSuccess: (result) => {
      setLink(result);
      onDone();
    },
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Signing link"
      size="lg"
      confirmLabel="Create link"
      onConfirm={choice.confirm((id) => mutation.mutate(id))}
      isPending={mutation.isPending}
      footer={link ? <Button onClick={onClose}>Done</Button> : undefined}
      intro={
        link ? (
          <CreatedLink link={link} />
        ) : (
          <Text size="sm" c="dimmed">
            Creates a new signing link for a recipient of <b>{document.name}</b>, to hand over yourself (chat,
            phone). The link they were mailed stops working. Creating it is recorded in the document&apos;s
            history.
          </Text>
        )
      }
      error={link ? null : mutation.error}
    >
      {link ? null : choice.picker}
    </FormDialog>
  );
}

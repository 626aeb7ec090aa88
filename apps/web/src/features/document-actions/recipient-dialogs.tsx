import { useState } from 'react';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  isEmail,
  RECIPIENT_TYPES,
  type TDocumentUser,
  type TField,
  type TRecipientType,
} from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { RECIPIENT_TYPE_LABELS } from '../editor/recipient-labels';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { ActionDialogProps } from './confirm-dialogs';
import {
  DOCUMENT_ACTION_KEYS,
  addRecipients,
  fetchDocument,
  generateRecipientLink,
  resendToRecipient,
  type TDocumentLink,
  type TRecipientDraft,
} from './document-actions-api';
import { placeField } from './correct-state';
import { useDocumentAction } from './use-document-action';

/** Recipients who have been asked to act and have not finished: the ones a mail or link can reach. */
export function isDueRecipient(recipient: Pick<TDocumentUser, 'status' | 'user_type'>): boolean {
  return recipient.user_type !== 'CC' && (recipient.status === 'SENT' || recipient.status === 'VIEWED');
}

export function recipientLabel(recipient: Pick<TDocumentUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();
  return name ? `${name} (${recipient.email})` : recipient.email;
}

function useDocumentDetail(id: string) {
  return useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.detail(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
  });
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
  if (detail.isError) return <ErrorAlert>{errorText(detail.error)}</ErrorAlert>;
  if (detail.isPending) return <Skeleton h={36} />;
  const due = detail.data.document_users.filter(isDueRecipient);
  if (due.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody is waiting to act on this document right now: recipients later in the signing order get their
        link when their turn comes.
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
}

export function ResendDialog({ document, onClose, onDone }: ActionDialogProps) {
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const mutation = useDocumentAction((id: string) => resendToRecipient(document._id, id), {
    title: 'Document sent again',
    message: () => document.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Resend document"
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            loading={mutation.isPending}
            onClick={() => (recipientId ? mutation.mutate(recipientId) : setCheckError('Pick a recipient'))}
          >
            Resend
          </Button>
        </>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The recipient is mailed a new link to <b>{document.name}</b>; the link they had before stops
          working.
        </Text>
        {mutation.error ? <ErrorAlert>{errorText(mutation.error)}</ErrorAlert> : null}
        <DueRecipientPicker
          documentId={document._id}
          value={recipientId}
          onChange={(id) => {
            setRecipientId(id);
            setCheckError(null);
          }}
          error={checkError}
        />
      </Stack>
    </AppDialog>
  );
}

export function GenerateLinkDialog({ document, onClose, onDone }: ActionDialogProps) {
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
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
    <AppDialog
      opened
      onClose={onClose}
      title="Signing link"
      size="lg"
      footer={
        link ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button
              loading={mutation.isPending}
              onClick={() => (recipientId ? mutation.mutate(recipientId) : setCheckError('Pick a recipient'))}
            >
              Create link
            </Button>
          </>
        )
      }
    >
      <Stack gap="md">
        {link ? (
          <>
            <Text size="sm">
              Anyone with this link can act as <b>{link.email}</b> on this document: give it only to them.
              Their previous link no longer works.
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
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Creates a new signing link for a recipient of <b>{document.name}</b>, to hand over yourself
              (chat, phone). The link they were mailed stops working. Creating it is recorded in the
              document&apos;s history.
            </Text>
            {mutation.error ? <ErrorAlert>{errorText(mutation.error)}</ErrorAlert> : null}
            <DueRecipientPicker
              documentId={document._id}
              value={recipientId}
              onChange={(id) => {
                setRecipientId(id);
                setCheckError(null);
              }}
              error={checkError}
            />
          </>
        )}
      </Stack>
    </AppDialog>
  );
}

/** `signing_order` null: after everyone already on the document. */
type Row = {
  email: string;
  first_name: string;
  last_name: string;
  user_type: TRecipientType;
  signing_order: number | null;
};

const emptyRow = (order: number | null): Row => ({
  email: '',
  first_name: '',
  last_name: '',
  user_type: 'SIGNER',
  signing_order: order,
});

const TYPE_OPTIONS = RECIPIENT_TYPES.map((type) => ({ value: type, label: RECIPIENT_TYPE_LABELS[type] }));

/** The checks the server makes too, so that mistakes show before the call. */
function rowErrors(rows: Row[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const email = row.email.trim().toLowerCase();
    if (!isEmail(email)) errors[`document_users.${i}.email`] = 'Enter a valid email address';
    else if (seen.has(email)) errors[`document_users.${i}.email`] = 'This email is given twice';
    seen.add(email);
  });
  return errors;
}

export function AddRecipientsDialog({ document, onClose, onDone }: ActionDialogProps) {
  const detail = useDocumentDetail(document._id);
  const nextOrder =
    Math.max(0, ...(detail.data?.document_users ?? []).map((recipient) => recipient.signing_order)) + 1;
  const [rows, setRows] = useState<Row[]>([emptyRow(null)]);
  const [checks, setChecks] = useState<Record<string, string>>({});
  /**
   * A document out for signature needs a signature field for each new signer: one is placed on
   * the last page, in the first free spot (Correct moves or adds others).
   */
  const signatureFieldsFor = (recipients: TRecipientDraft[]): TField[] => {
    const data = detail.data;
    if (!data || data.status === 'DRAFT') return [];
    const fields: TField[] = [];
    for (const r of recipients) {
      if (r.user_type !== 'SIGNER' || !r.key) continue;
      const field = placeField([...data.fields, ...fields], data.pages, {
        type: 'SIGNATURE',
        page: data.pages.length,
        recipientKey: r.key,
      });
      if (field) fields.push(field);
    }
    return fields;
  };
  const mutation = useDocumentAction(
    (input: { recipients: TRecipientDraft[]; fields: TField[] }) =>
      addRecipients(document._id, input.recipients, input.fields),
    {
      title: rows.length > 1 ? 'Recipients added' : 'Recipient added',
      message: () => document.name,
      onSuccess: () => {
        onClose();
        onDone();
      },
    },
  );
  const serverErrors =
    isApiError(mutation.error) && mutation.error.isValidation ? mutation.error.fieldErrors : {};
  const errorOf = (key: string) => checks[key] ?? serverErrors[key] ?? null;
  const update = (index: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setChecks({});
  };
  const signingOrder = detail.data?.settings.signing_order ?? false;
  const submit = () => {
    const found = rowErrors(rows);
    setChecks(found);
    if (Object.keys(found).length > 0) return;
    const recipients = rows.map((row, i) => ({
      ...row,
      key: `n-${Date.now().toString(36)}-${i}`,
      email: row.email.trim().toLowerCase(),
      signing_order: signingOrder ? (row.signing_order ?? nextOrder) : 1,
    }));
    mutation.mutate({ recipients, fields: signatureFieldsFor(recipients) });
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Add recipients"
      size="xl"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={mutation.isPending} disabled={detail.isPending}>
            Add
          </Button>
        </>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {document.status === 'DRAFT'
            ? 'The new recipients are added to the draft; place their fields in the editor before sending.'
            : 'Recipients whose turn it is get the document by mail right away. Each new signer gets a signature field on the last page; use Correct to place fields elsewhere.'}
        </Text>
        {mutation.error && Object.keys(serverErrors).length === 0 ? (
          <ErrorAlert>{errorText(mutation.error)}</ErrorAlert>
        ) : null}
        {rows.map((row, index) => (
          <Group key={index} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Email"
              withAsterisk
              value={row.email}
              onChange={(e) => update(index, { email: e.currentTarget.value })}
              error={errorOf(`document_users.${index}.email`)}
              style={{ flex: '2 1 200px' }}
            />
            <TextInput
              label="First name"
              value={row.first_name}
              onChange={(e) => update(index, { first_name: e.currentTarget.value })}
              error={errorOf(`document_users.${index}.first_name`)}
              style={{ flex: '1 1 120px' }}
            />
            <TextInput
              label="Last name"
              value={row.last_name}
              onChange={(e) => update(index, { last_name: e.currentTarget.value })}
              error={errorOf(`document_users.${index}.last_name`)}
              style={{ flex: '1 1 120px' }}
            />
            <Select
              label="Role"
              data={TYPE_OPTIONS}
              value={row.user_type}
              allowDeselect={false}
              onChange={(value) => value && update(index, { user_type: value as TRecipientType })}
              style={{ flex: '1 1 120px' }}
              comboboxProps={{ withinPortal: true }}
            />
            {signingOrder && (
              <NumberInput
                label="Order"
                min={1}
                max={100}
                value={row.signing_order ?? nextOrder}
                onChange={(value) => update(index, { signing_order: typeof value === 'number' ? value : 1 })}
                style={{ flex: '0 0 80px' }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={`Remove row ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRows((current) => [...current, emptyRow(null)])}
            disabled={rows.length >= 20}
          >
            Another recipient
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

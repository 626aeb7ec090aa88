import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  RECIPIENT_TYPE_LABELS,
  isEmail,
  RECIPIENT_TYPES,
  type TEmployeeDocument,
  type TField,
  type TRecipientType,
} from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
import type { ActionDialogProps } from './confirm-dialogs';
import { addRecipients, type TRecipientDraft } from './document-actions-api';
import { placeField } from './correct-state';
import { closeThenDone, useDocumentAction, useDocumentDetail } from './use-document-action';

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

const NAME_INPUTS = [
  { key: 'email', label: 'Email', flex: '2 1 200px' },
  { key: 'first_name', label: 'First name', flex: '1 1 120px' },
  { key: 'last_name', label: 'Last name', flex: '1 1 120px' },
] as const;

/**
 * A document out for signature needs a signature field for each new signer: one is placed on
 * the last page, in the first free spot (Correct moves or adds others).
 */
function signatureFieldsFor(data: TEmployeeDocument | undefined, recipients: TRecipientDraft[]): TField[] {
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
}

function RecipientRowInputs({
  row,
  index,
  signingOrder,
  nextOrder,
  errorOf,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  signingOrder: boolean;
  nextOrder: number;
  errorOf: (key: string) => string | null;
  onChange: (patch: Partial<Row>) => void;
  /** Absent for the only row. */
  onRemove?: () => void;
}) {
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      {NAME_INPUTS.map((input) => (
        <TextInput
          key={input.key}
          label={input.label}
          withAsterisk={input.key === 'email'}
          value={row[input.key]}
          onChange={(e) => onChange({ [input.key]: e.currentTarget.value })}
          error={errorOf(`document_users.${index}.${input.key}`)}
          style={{ flex: input.flex }}
        />
      ))}
      <Select
        label="Role"
        data={TYPE_OPTIONS}
        value={row.user_type}
        allowDeselect={false}
        onChange={(value) => value && onChange({ user_type: value as TRecipientType })}
        style={{ flex: '1 1 120px' }}
        comboboxProps={{ withinPortal: true }}
      />
      {signingOrder && (
        <NumberInput
          label="Order"
          min={1}
          max={100}
          value={row.signing_order ?? nextOrder}
          onChange={(value) => onChange({ signing_order: typeof value === 'number' ? value : 1 })}
          style={{ flex: '0 0 80px' }}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        mt={28}
        aria-label={`Remove row ${index + 1}`}
        disabled={!onRemove}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

export function AddRecipientsDialog({ document, onClose, onDone }: ActionDialogProps) {
  const detail = useDocumentDetail(document._id);
  const nextOrder =
    Math.max(0, ...(detail.data?.document_users ?? []).map((recipient) => recipient.signing_order)) + 1;
  const [rows, setRows] = useState<Row[]>([emptyRow(null)]);
  const [checks, setChecks] = useState<Record<string, string>>({});
  const mutation = useDocumentAction(
    (input: { recipients: TRecipientDraft[]; fields: TField[] }) =>
      addRecipients(document._id, input.recipients, input.fields),
    {
      title: rows.length > 1 ? 'Recipients added' : 'Recipient added',
      message: () => document.name,
      onSuccess: closeThenDone({ onClose, onDone }),
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
    mutation.mutate({ recipients, fields: signatureFieldsFor(detail.data, recipients) });
  };
  return (
    <FormDialog
      onClose={onClose}
      title="Add recipients"
      size="xl"
      confirmLabel="Add"
      onConfirm={submit}
      isPending={mutation.isPending}
      isConfirmDisabled={detail.isPending}
      intro={
        <Text size="sm" c="dimmed">
          {document.status === 'DRAFT'
            ? 'The new recipients are added to the draft; place their fields in the editor before sending.'
            : 'Recipients whose turn it is get the document by mail right away. Each new signer gets a signature field on the last page; use Correct to place fields elsewhere.'}
        </Text>
      }
      error={Object.keys(serverErrors).length === 0 ? mutation.error : null}
    >
      {rows.map((row, index) => (
        <RecipientRowInputs
          key={index}
          row={row}
          index={index}
          signingOrder={signingOrder}
          nextOrder={nextOrder}
          errorOf={errorOf}
          onChange={(patch) => update(index, patch)}
          onRemove={
            rows.length === 1 ? undefined : () => setRows((current) => current.filter((_, i) => i !== index))
          }
        />
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
    </FormDialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Collapse,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { RECIPIENT_TYPES, isEmail, type TRecipient, type TRecipientType } from '@esigns/contracts/documents';
import { ContactPicker } from '../contacts/contact-picker';
import type { EditorMode } from './editor-context';
import { RECIPIENT_TYPE_LABELS } from '@esigns/contracts/documents';
import { RECIPIENT_TYPE_HELP } from './recipient-labels';
import { DialogButtons } from '../../shared/ui/form-dialog';

export type RecipientDraft = Pick<
  TRecipient,
  'role_name' | 'email' | 'first_name' | 'last_name' | 'user_type' | 'email_verification' | 'contact_id'
> & {
  /** New password to set; undefined keeps the current one. */
  representative_password?: string;
  has_representative_password: boolean;
};

type Errors = Partial<Record<'role_name' | 'email' | 'first_name' | 'password', string>>;

function draftOf(recipient: TRecipient | null): RecipientDraft {
  return {
    role_name: recipient?.role_name ?? '',
    email: recipient?.email ?? '',
    first_name: recipient?.first_name ?? '',
    last_name: recipient?.last_name ?? '',
    user_type: recipient?.user_type ?? 'SIGNER',
    email_verification: recipient?.email_verification ?? false,
    contact_id: recipient?.contact_id ?? null,
    has_representative_password: Boolean(
      recipient?.has_representative_password || recipient?.representative_password,
    ),
  };
}

export function validateRecipientDraft(
  draft: RecipientDraft,
  mode: EditorMode,
  others: readonly TRecipient[],
): Errors {
  const errors: Errors = {};
  const email = draft.email.trim().toLowerCase();
  if (mode === 'template') {
    const role = draft.role_name.trim();
    if (!role) errors.role_name = 'Name the role, for example "Buyer"';
    else if (others.some((r) => r.role_name.trim().toLowerCase() === role.toLowerCase()))
      errors.role_name = 'Another role has this name';
    if (email && !isEmail(email)) errors.email = 'Enter a valid email address';
  } else {
    if (!isEmail(email)) errors.email = 'Enter a valid email address';
    else if (others.some((r) => r.email.trim().toLowerCase() === email))
      errors.email = `${email} is already a recipient`;
    if (!draft.first_name.trim() && !draft.last_name.trim()) errors.first_name = 'Enter a name';
  }
  if (draft.representative_password !== undefined && draft.representative_password.length < 6)
    errors.password = 'Use at least 6 characters';
  return errors;
}

/**
 * Add or edit one recipient (a person for documents, a role for templates): who they are, what
 * they do, an emailed code before opening, and an authorized-representative password.
 */
export function RecipientDialog({
  opened,
  mode,
  recipient,
  others,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  mode: EditorMode;
  /** Null: a new recipient. */
  recipient: TRecipient | null;
  others: readonly TRecipient[];
  onClose: () => void;
  onSubmit: (draft: RecipientDraft) => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<RecipientDraft>(() => draftOf(recipient));
  const [errors, setErrors] = useState<Errors>({});
  const [isChangingPassword, setChangingPassword] = useState(false);
  const isNew = recipient === null;
  const noun = mode === 'template' ? 'role' : 'recipient';
  const set = (patch: Partial<RecipientDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed: RecipientDraft = {
      ...draft,
      role_name: draft.role_name.trim(),
      email: draft.email.trim().toLowerCase(),
      first_name: draft.first_name.trim(),
      last_name: draft.last_name.trim(),
    };
    const found = validateRecipientDraft(trimmed, mode, others);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(trimmed);
  };

  const wantsPassword = draft.has_representative_password || draft.representative_password !== undefined;
  const showPasswordInput =
    draft.representative_password !== undefined || (wantsPassword && isChangingPassword);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isNew ? `Add ${noun}` : `Edit ${noun}`}
      centered
      size="md"
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={isNew ? `Add ${noun}` : `Edit ${noun}`}>
        <Stack gap="sm">
          {mode === 'template' && (
            <TextInput
              label="Role"
              description="What this person is called in the template: Buyer, Seller, Tenant…"
              placeholder="Buyer"
              required
              data-autofocus
              maxLength={100}
              value={draft.role_name}
              error={errors.role_name}
              onChange={(e) => set({ role_name: e.currentTarget.value })}
            />
          )}
          {mode === 'document' && (
            <ContactPicker
              label="Find in contacts"
              placeholder="Search by name or email"
              excludeEmails={others.map((r) => r.email)}
              onSelect={(contact) =>
                set({
                  email: contact.email,
                  first_name: contact.first_name || draft.first_name,
                  last_name: contact.last_name || draft.last_name,
                  contact_id: contact.contact_id,
                })
              }
            />
          )}
          <TextInput
            label="Email"
            description={mode === 'template' ? 'Optional: who fills this role by default' : undefined}
            placeholder="name@example.com"
            type="email"
            required={mode === 'document'}
            data-autofocus={mode === 'document' || undefined}
            maxLength={254}
            value={draft.email}
            error={errors.email}
            onChange={(e) => set({ email: e.currentTarget.value, contact_id: null })}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="First name"
              maxLength={100}
              value={draft.first_name}
              error={errors.first_name}
              onChange={(e) => set({ first_name: e.currentTarget.value })}
            />
            <TextInput
              label="Last name"
              maxLength={100}
              value={draft.last_name}
              onChange={(e) => set({ last_name: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Select
            label="Action"
            data={RECIPIENT_TYPES.map((t) => ({ value: t, label: RECIPIENT_TYPE_LABELS[t] }))}
            value={draft.user_type}
            allowDeselect={false}
            description={RECIPIENT_TYPE_HELP[draft.user_type]}
            onChange={(value) => value && set({ user_type: value as TRecipientType })}
            comboboxProps={{ withinPortal: true }}
          />
          <Divider my={4} />
          <Switch
            label="Verify email with a code"
            description="A 6-digit code is emailed before the document opens"
            checked={draft.email_verification}
            onChange={(e) => set({ email_verification: e.currentTarget.checked })}
          />
          <Switch
            label="Authorized representative"
            description="Must enter a password you give them before signing"
            checked={wantsPassword}
            onChange={(e) => {
              if (e.currentTarget.checked) {
                set({ representative_password: '' });
              } else {
                set({ representative_password: undefined, has_representative_password: false });
                setChangingPassword(false);
              }
            }}
          />
          <Collapse expanded={wantsPassword}>
            {showPasswordInput ? (
              <PasswordInput
                label="Representative password"
                description="Share it with the representative yourself; it is never emailed"
                autoComplete="new-password"
                maxLength={128}
                value={draft.representative_password ?? ''}
                error={errors.password}
                onChange={(e) => set({ representative_password: e.currentTarget.value })}
              />
            ) : (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  A password is set.
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    setChangingPassword(true);
                    set({ representative_password: '' });
                  }}
                >
                  Change password
                </Button>
              </Group>
            )}
          </Collapse>
          <Group justify="flex-end" mt="sm">
            <DialogButtons onCancel={onClose} confirmLabel={isNew ? `Add ${noun}` : 'Save'} formId={formId} />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

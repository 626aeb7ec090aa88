import { useState } from 'react';
import { MultiSelect, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
import { fetchEntities, fetchTemplateFields } from '../entities/entities-api';
import { fetchCompanyUsers } from '../team/team-api';
import { FILL_KEYS } from './fill-api';
import { sendForm, type SendTarget } from './data-list-api';

type Kind = SendTarget['kind'];
const KINDS = [
  { value: 'contacts', label: 'Emails' },
  { value: 'users', label: 'Company users' },
  { value: 'entity', label: 'Entity records' },
];

/** Emails typed one per line or separated by commas or spaces. */
export const emailsOf = (text: string) =>
  [...new Set(text.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()))].filter(Boolean);
const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/**
 * Sends the form to people, each with a personal link: emails (contacts, new ones created), company
 * users, or every record of an entity (to the email in a field of its primary template).
 */
export function SendFormDialog({ formId, onClose }: { formId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('contacts');
  const [emails, setEmails] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [entityId, setEntityId] = useState<string | null>(null);
  const [emailField, setEmailField] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const users = useQuery({
    queryKey: ['form-fill', 'send', 'users'],
    queryFn: ({ signal }) => fetchCompanyUsers({ page: 1, limit: 100, status: 'ACTIVE' }, signal),
    enabled: kind === 'users',
  });
  const entities = useQuery({
    queryKey: ['form-fill', 'send', 'entities'],
    queryFn: ({ signal }) => fetchEntities({ page: 1, limit: 100 }, signal),
    enabled: kind === 'entity',
  });
  const fields = useQuery({
    queryKey: ['form-fill', 'send', 'email-fields', entityId],
    queryFn: ({ signal }) => fetchTemplateFields(entityId ?? '', signal),
    enabled: entityId !== null,
  });
  const target = (): SendTarget | string => {
    if (kind === 'users') return userIds.length ? { kind, user_ids: userIds } : 'Choose at least one user';
    if (kind === 'entity')
      return entityId
        ? { kind, entity_id: entityId, email_field: emailField ?? undefined }
        : 'Choose an entity';
    const list = emailsOf(emails);
    const wrong = list.find((e) => !isEmail(e));
    if (list.length === 0) return 'Enter at least one email';
    return wrong ? `${wrong} is not an email address` : { kind, emails: list, contact_ids: [] };
  };
  const send = useMutation({
    mutationFn: (chosen: SendTarget) => sendForm(formId, chosen),
    onSuccess: (started) => {
      const skipped = started.skipped ? ` (${started.skipped} left out)` : '';
      notifications.show({ color: 'teal', message: `Sending the form to ${started.total} people${skipped}` });
      void queryClient.invalidateQueries({ queryKey: FILL_KEYS.batches(formId) });
      void queryClient.invalidateQueries({ queryKey: FILL_KEYS.submissions });
      onClose();
    },
  });
  const submit = () => {
    const chosen = target();
    setProblem(typeof chosen === 'string' ? chosen : null);
    if (typeof chosen !== 'string') send.mutate(chosen);
  };
  const fieldError = isApiError(send.error) ? Object.values(send.error.fieldErrors)[0] : undefined;
  return (
    <FormDialog
      onClose={onClose}
      title="Send the form"
      confirmLabel="Send"
      form={{ id: 'send-form', label: 'Send the form', onSubmit: submit }}
      isPending={send.isPending}
      error={problem || fieldError ? new Error(problem ?? fieldError) : (send.error ?? undefined)}
    >
      <Stack gap="md">
        <SegmentedControl fullWidth value={kind} onChange={(v) => setKind(v as Kind)} data={KINDS} />
        {kind === 'contacts' && (
          <Textarea
            label="Email addresses"
            description="One per line, or separated by commas. New emails become contacts."
            rows={5}
            value={emails}
            onChange={(e) => setEmails(e.currentTarget.value)}
          />
        )}
        {kind === 'users' && (
          <MultiSelect
            label="Company users"
            searchable
            data={(users.data?.data ?? []).flatMap((u) =>
              u.user_id
                ? [
                    {
                      value: u.user_id,
                      label: `${u.first_name} ${u.last_name} (${u.email})`.trim(),
                    },
                  ]
                : [],
            )}
            value={userIds}
            onChange={setUserIds}
            nothingFoundMessage={users.isPending ? 'Loading…' : 'No user found'}
          />
        )}
        {kind === 'entity' && (
          <>
            <Select
              label="Entity"
              searchable
              data={(entities.data?.data ?? []).map((e) => ({ value: e._id, label: e.name }))}
              value={entityId}
              onChange={(value) => {
                setEntityId(value);
                setEmailField(null);
              }}
            />
            <Select
              label="Email field"
              description="Where each record's email is; by default the primary template's first email field."
              clearable
              disabled={!entityId}
              data={(fields.data ?? [])
                .filter((f) => f.is_primary && f.type === 'EMAIL')
                .map((f) => ({ value: f.key, label: f.label }))}
              value={emailField}
              onChange={setEmailField}
            />
          </>
        )}
        <Text size="xs" c="dimmed">
          Each person gets one email with their own link; progress shows on this page.
        </Text>
      </Stack>
    </FormDialog>
  );
}

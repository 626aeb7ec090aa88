import { ActionIcon, Badge, Group, NativeSelect, Select, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TApprover, TApproverKind } from '@esigns/contracts/form-builders';
import { formatFullName } from '../../../shared/format/name';
import { ContactPicker } from '../../contacts/contact-picker';
import { useContact } from '../../contacts/contacts-api';
import { useCompanyUserOptions } from '../../document-actions/people-dialogs';
import { USER_TYPE_OPTIONS } from '../../team/team-labels';
import type { DraftErrors, DraftStep } from './form-draft';
import { useStepFields } from './step-fields';

export const APPROVER_KIND_LABELS: Record<TApproverKind, string> = {
  COMPANY_USER: 'A company user',
  USER_TYPE: 'Users of a user type',
  CONTACT: 'A contact',
  FIELD_EMAIL: 'The email typed in a field',
};

type Props<A extends TApprover = TApprover> = {
  approver: A;
  label: string;
  errors: DraftErrors;
  onChange: (approver: A) => void;
};

function CompanyUserApprover({
  approver,
  label,
  errors,
  onChange,
}: Props<Extract<TApprover, { kind: 'COMPANY_USER' }>>) {
  const { options, query } = useCompanyUserOptions();
  return (
    <Select
      size="xs"
      aria-label={label}
      placeholder={query.isPending ? 'Loading users…' : 'Choose a user'}
      searchable
      data={options}
      value={approver.user_id || null}
      onChange={(user_id) => onChange({ ...approver, user_id: user_id ?? '' })}
      error={errors.user_id}
      style={{ flex: 1 }}
    />
  );
}

function ContactApprover({
  approver,
  label,
  errors,
  onChange,
}: Props<Extract<TApprover, { kind: 'CONTACT' }>>) {
  const contact = useContact(approver.contact_id, Boolean(approver.contact_id));
  return (
    <Group gap="xs" style={{ flex: 1 }} wrap="wrap">
      {contact.data && <Badge variant="light">{formatFullName(contact.data) || contact.data.email}</Badge>}
      <ContactPicker
        size="xs"
        aria-label={label}
        placeholder={approver.contact_id ? 'Change the contact' : 'Search contacts'}
        error={errors.contact_id}
        onSelect={(chosen) => chosen.contact_id && onChange({ ...approver, contact_id: chosen.contact_id })}
      />
    </Group>
  );
}

function FieldEmailApprover({
  approver,
  label,
  errors,
  onChange,
  steps,
}: Props<Extract<TApprover, { kind: 'FIELD_EMAIL' }>> & { steps: readonly DraftStep[] }) {
  const { fields } = useStepFields(steps.find((step) => step.id === approver.step_id));
  const emailFields = (fields ?? []).filter((field) => field.type === 'EMAIL');
  return (
    <Group gap="xs" style={{ flex: 1 }} wrap="wrap">
      <NativeSelect
        size="xs"
        aria-label={`${label}: step`}
        value={approver.step_id}
        error={errors.step_id}
        data={[
          { value: '', label: 'Choose a step' },
          ...steps.map((s) => ({ value: s.id, label: s.name || 'Untitled step' })),
        ]}
        onChange={(e) => onChange({ ...approver, step_id: e.currentTarget.value, field: '' })}
      />
      <NativeSelect
        size="xs"
        aria-label={`${label}: email field`}
        value={approver.field}
        error={errors.field}
        data={[
          { value: '', label: emailFields.length ? 'Choose an email field' : 'No email field' },
          ...emailFields.map((f) => ({ value: f.key, label: f.label })),
        ]}
        onChange={(e) => onChange({ ...approver, field: e.currentTarget.value })}
      />
    </Group>
  );
}

/** One approver of a level, by kind, with its remove button. */
export function ApproverRow({
  approver,
  label,
  errors,
  onChange,
  onRemove,
  steps,
}: Props & { steps: readonly DraftStep[]; onRemove: () => void }) {
  let input;
  if (approver.kind === 'COMPANY_USER')
    input = <CompanyUserApprover approver={approver} label={label} errors={errors} onChange={onChange} />;
  else if (approver.kind === 'CONTACT')
    input = <ContactApprover approver={approver} label={label} errors={errors} onChange={onChange} />;
  else if (approver.kind === 'FIELD_EMAIL')
    input = (
      <FieldEmailApprover
        approver={approver}
        label={label}
        errors={errors}
        onChange={onChange}
        steps={steps}
      />
    );
  else
    input = (
      <NativeSelect
        size="xs"
        aria-label={label}
        data={USER_TYPE_OPTIONS}
        value={approver.user_type}
        style={{ flex: 1 }}
        onChange={(e) =>
          onChange({ ...approver, user_type: e.currentTarget.value as typeof approver.user_type })
        }
      />
    );
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="approver">
      <Text size="xs" c="dimmed" w={130} pt={6}>
        {APPROVER_KIND_LABELS[approver.kind]}
      </Text>
      {input}
      <ActionIcon variant="subtle" color="red" mt={2} aria-label={`Remove ${label}`} onClick={onRemove}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}

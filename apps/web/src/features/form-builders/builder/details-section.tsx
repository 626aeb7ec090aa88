import { Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FORM_OWNER_TYPES, type TFormOwnerType } from '@esigns/contracts/form-builders';
import { LoadedInput } from '../../../shared/ui/form-dialog';
import { CONTACT_KEYS, fetchContactTypes } from '../../contacts/contacts-api';
import { FORM_OWNER_LABELS } from '../form-labels';
import type { DraftErrors, FormDraft } from './form-draft';
import type { SectionProps } from './section-props';

const OWNER_HELP: Record<TFormOwnerType, string> = {
  COMPANY_USERS: 'Your team fills it, signed in.',
  CONTACTS: 'Contacts of one contact type fill it, from their area or a personal link.',
  ANYONE: 'Anyone with the public link fills it (with an emailed passcode if you want).',
};

function ContactTypeSelect({
  value,
  onChange,
  errors,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  errors: DraftErrors;
}) {
  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
  });
  return (
    <LoadedInput error={types.error} isPending={types.isPending}>
      {() => (
        <Select
          label="Contact type"
          placeholder="Choose the contacts who fill it"
          data={(types.data ?? []).map((type) => ({ value: type._id, label: type.name }))}
          value={value}
          onChange={onChange}
          error={errors['settings.contact_type_id']}
          nothingFoundMessage="No contact types yet: add one under Contacts"
          searchable
        />
      )}
    </LoadedInput>
  );
}

/** What the form is for and who fills it. */
export function DetailsSection({ draft, errors, onDraft, onSettings }: SectionProps) {
  const setOwner = (owner_type: FormDraft['owner_type']) => onDraft({ owner_type });
  return (
    <Stack gap="md">
      <Textarea
        label="Description"
        description="Shown to fillers above the first step."
        autosize
        minRows={2}
        maxRows={6}
        value={draft.description}
        onChange={(event) => onDraft({ description: event.currentTarget.value })}
        error={errors.description}
      />
      <Radio.Group
        label="Who fills it"
        value={draft.owner_type}
        onChange={(value) => setOwner(value as TFormOwnerType)}
        error={errors.owner_type}
      >
        <Stack gap="xs" mt="xs">
          {FORM_OWNER_TYPES.map((type) => (
            <Radio key={type} value={type} label={FORM_OWNER_LABELS[type]} description={OWNER_HELP[type]} />
          ))}
        </Stack>
      </Radio.Group>
      {draft.owner_type === 'CONTACTS' && (
        <ContactTypeSelect
          value={draft.settings.contact_type_id}
          onChange={(contact_type_id) => onSettings({ contact_type_id })}
          errors={errors}
        />
      )}
      {draft.owner_type === 'COMPANY_USERS' && (
        <Text size="xs" c="dimmed">
          Company users need the &quot;Fill forms&quot; permission to open it.
        </Text>
      )}
    </Stack>
  );
}

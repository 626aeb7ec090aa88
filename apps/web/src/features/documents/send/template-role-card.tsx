import {
  Badge,
  Box,
  Card,
  Checkbox,
  ColorSwatch,
  Divider,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TField, TFieldType, TRecipient } from '@esigns/contracts/documents';
import { DateField } from '../../../shared/ui/date-field';
import { ContactPicker } from '../../contacts/contact-picker';
import { RECIPIENT_TYPE_LABELS } from '@esigns/contracts/documents';
import { recipientColor } from './send-parts';
import type { TRolePerson } from './send-api';

/** Field types the sender may fill in before sending a template. */
export const PREFILL_FIELD_TYPES: readonly TFieldType[] = ['TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'DROPDOWN'];

export function isPrefillable(field: TField): boolean {
  return PREFILL_FIELD_TYPES.includes(field.type);
}

const TYPE_NAMES: Partial<Record<TFieldType, string>> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  DATE: 'Date',
  CHECKBOX: 'Checkbox',
  DROPDOWN: 'Dropdown',
};

export function fieldLabel(field: TField): string {
  return field.label.trim() || `${TYPE_NAMES[field.type] ?? field.type} on page ${field.page}`;
}

/** A prefill input for one field, by type. */
function PrefillInput({
  field,
  value,
  error,
  onChange,
}: {
  field: TField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const label = fieldLabel(field);
  switch (field.type) {
    case 'CHECKBOX':
      return (
        <Checkbox
          label={label}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          error={error}
          mt={{ base: 4, xs: 30 }}
        />
      );
    case 'DROPDOWN':
      return (
        <NativeSelect
          label={label}
          data={[
            { value: '', label: 'Let the recipient choose' },
            ...field.options.map((option) => ({ value: option, label: option })),
          ]}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      );
    case 'DATE':
      return <DateField label={label} value={value} onChange={onChange} error={error} />;
    case 'NUMBER':
      return (
        <TextInput
          label={label}
          inputMode="decimal"
          placeholder={field.placeholder || undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          placeholder={field.placeholder || undefined}
          value={value}
          maxLength={field.validation.max_length}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      );
  }
}

export type TemplateRoleCardProps = {
  role: TRecipient;
  index: number;
  person: TRolePerson;
  onPerson: (change: Partial<TRolePerson>) => void;
  fields: TField[];
  values: Record<string, string>;
  onValue: (fieldKey: string, value: string) => void;
  /** Errors by key: `document_users.{index}.email`, `prefill.{field key}`. */
  errors: Record<string, string>;
  /** Offer the address book (the caller may see contacts). */
  canPickContact?: boolean;
  /** Emails other roles already have, not offered again. */
  takenEmails?: string[];
  /** The role's place when the template signs in order. */
  order?: number;
};

/** One role of the template ("Buyer"): who takes it, and the role's fields the sender can fill now. */
export function TemplateRoleCard({
  role,
  index,
  person,
  onPerson,
  fields,
  values,
  onValue,
  errors,
  canPickContact = false,
  takenEmails = [],
  order,
}: TemplateRoleCardProps) {
  const roleName = role.role_name || `Recipient ${index + 1}`;
  const errorOf = (name: keyof TRolePerson) => errors[`document_users.${index}.${name}`];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="role-card"
      aria-label={`Role ${roleName}`}
      component="section"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {order !== undefined && (
              <Badge
                variant="default"
                radius="xl"
                w={26}
                h={26}
                px={0}
                style={{ flexShrink: 0 }}
                aria-label={`Step ${order}`}
              >
                {order}
              </Badge>
            )}
            <ColorSwatch color={recipientColor(role, index)} size={16} style={{ flexShrink: 0 }} />
            <Text fw={600} truncate="end">
              {roleName}
            </Text>
          </Group>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {RECIPIENT_TYPE_LABELS[role.user_type]}
          </Badge>
        </Group>
        {canPickContact && (
          <ContactPicker
            label="Find in contacts"
            aria-label={`Find a contact for ${roleName}`}
            placeholder="Search by name or email"
            excludeEmails={takenEmails}
            onSelect={(contact) =>
              onPerson({
                email: contact.email,
                first_name: contact.first_name,
                last_name: contact.last_name,
                contact_id: contact.contact_id,
              })
            }
          />
        )}
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          placeholder="name@example.com"
          value={person.email}
          onChange={(event) => onPerson({ email: event.currentTarget.value, contact_id: null })}
          error={errorOf('email')}
          aria-label={`Email of ${roleName}`}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            value={person.first_name}
            maxLength={100}
            onChange={(event) => onPerson({ first_name: event.currentTarget.value })}
            error={errorOf('first_name')}
            aria-label={`First name of ${roleName}`}
          />
          <TextInput
            label="Last name"
            value={person.last_name}
            maxLength={100}
            onChange={(event) => onPerson({ last_name: event.currentTarget.value })}
            error={errorOf('last_name')}
            aria-label={`Last name of ${roleName}`}
          />
        </SimpleGrid>
        {fields.length > 0 && (
          <Box>
            <Divider label="Fill in now (optional)" labelPosition="left" mb="sm" />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {fields.map((field) => (
                <PrefillInput
                  key={field.key}
                  field={field}
                  value={values[field.key] ?? ''}
                  error={errors[`prefill.${field.key}`]}
                  onChange={(value) => onValue(field.key, value)}
                />
              ))}
            </SimpleGrid>
          </Box>
        )}
      </Stack>
    </Card>
  );
}

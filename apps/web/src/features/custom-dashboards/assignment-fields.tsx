import { Chip, Group, Stack, Text } from '@mantine/core';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { USER_TYPE_LABELS, toggled } from './assignment';
import { useContactTypes } from './use-contact-types';

/** Who sees the dashboard: staff user types and contact types, as chips toggled in place. */
export function AssignmentFields({
  userTypes,
  contactTypeIds,
  onChange,
  errors,
}: {
  userTypes: readonly UserType[];
  contactTypeIds: readonly string[];
  onChange: (next: { user_types: UserType[]; contact_type_ids: string[] }) => void;
  errors: Record<string, string>;
}) {
  const types = useContactTypes();
  const order = (types.data ?? []).map((t) => t._id);
  const contactError =
    errors.contact_type_ids ?? Object.entries(errors).find(([k]) => k.startsWith('contact_type_ids.'))?.[1];
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Team members
        </Text>
        <Text size="xs" c="dimmed">
          Owners and admins see every dashboard, to build them.
        </Text>
        <Group gap={6} role="group" aria-label="User types">
          {USER_TYPES.map((type) => (
            <Chip
              key={type}
              size="sm"
              checked={userTypes.includes(type)}
              onChange={(on) =>
                onChange({
                  user_types: toggled(userTypes, type, on, USER_TYPES),
                  contact_type_ids: [...contactTypeIds],
                })
              }
            >
              {USER_TYPE_LABELS[type]}
            </Chip>
          ))}
        </Group>
        {errors.user_types && (
          <Text size="xs" c="red">
            {errors.user_types}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Contact types
        </Text>
        {types.data?.length === 0 && (
          <Text size="xs" c="dimmed">
            No contact types yet.
          </Text>
        )}
        <Group gap={6} role="group" aria-label="Contact types">
          {(types.data ?? []).map((type) => (
            <Chip
              key={type._id}
              size="sm"
              color="grape"
              checked={contactTypeIds.includes(type._id)}
              onChange={(on) =>
                onChange({
                  user_types: [...userTypes],
                  contact_type_ids: toggled(contactTypeIds, type._id, on, order),
                })
              }
            >
              {type.name}
            </Chip>
          ))}
        </Group>
        {contactError && (
          <Text size="xs" c="red">
            {contactError}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

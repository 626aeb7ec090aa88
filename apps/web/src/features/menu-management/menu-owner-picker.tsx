import { Anchor, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import type { TContactType } from '@esigns/contracts/contacts';
import type { TMenuArea } from '@esigns/contracts/menus';
import { isUuid } from '@esigns/contracts/ids';
import { CONTACT_KEYS, fetchContactTypes } from '../contacts/contacts-api';
import { errorText } from '../../shared/ui/page-kit';

/** The segment that switches to contact types' menus. */
const CONTACTS = 'CONTACTS';
/** `?user_type=contacts`: contact types chosen, none picked yet (the first one shows). */
const CONTACTS_PARAM = 'contacts';

const isUserType = (value: string | null): value is UserType =>
  (USER_TYPES as readonly string[]).includes(value ?? '');

export type MenuOwner = {
  area: TMenuArea;
  /** What the menu calls name: the staff user type, or the contact type's `_id` (null: none yet). */
  key: string | null;
  contactTypes: UseQueryResult<TContactType[]>;
};

/**
 * Whose menu the editor shows, from `?user_type=`: a staff user type (OWNER when absent), a
 * contact type's `_id` (its application users' sidebar in /ap), or `contacts` (the first one).
 */
export function useMenuOwner(param: string | null): MenuOwner {
  const isContacts = param !== null && !isUserType(param);
  const contactTypes = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled: isContacts,
    staleTime: 60_000,
  });
  if (!isContacts) return { area: 'STAFF', key: isUserType(param) ? param : 'OWNER', contactTypes };
  const key = isUuid(param) ? param.toLowerCase() : (contactTypes.data?.[0]?._id ?? null);
  return { area: 'APPLICATION', key, contactTypes };
}

/** Staff user types as segments, plus "Contact types" with a pick of the company's contact types. */
export function MenuOwnerPicker({
  owner,
  onChange,
}: {
  owner: MenuOwner;
  onChange: (param: string) => void;
}) {
  const types = owner.contactTypes.data ?? [];
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <SegmentedControl
        aria-label="User type"
        value={owner.area === 'STAFF' ? (owner.key ?? 'OWNER') : CONTACTS}
        onChange={(value) => onChange(value === CONTACTS ? (types[0]?._id ?? CONTACTS_PARAM) : value)}
        data={[
          ...USER_TYPES.map((type) => ({ value: type, label: type })),
          { value: CONTACTS, label: 'Contact types' },
        ]}
      />
      {owner.area === 'APPLICATION' && types.length > 0 && (
        <Select
          aria-label="Contact type"
          w={220}
          searchable
          allowDeselect={false}
          data={types.map((t) => ({ value: t._id, label: t.name }))}
          value={owner.key}
          onChange={(value) => value && onChange(value)}
        />
      )}
    </Group>
  );
}

/** Why no contact type's menu shows: the list failed, or the company has no contact type yet. */
export function NoContactType({ owner }: { owner: MenuOwner }) {
  if (owner.contactTypes.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The contact types could not be loaded: {errorText(owner.contactTypes.error)}
      </Text>
    );
  if (owner.contactTypes.isPending) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="no-contact-types">
      No contact types yet. Add them under{' '}
      <Anchor component={Link} to="/contact-types">
        Contact types
      </Anchor>
      ; each gets its own menu for its application users.
    </Text>
  );
}

import { ActionIcon, Anchor, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFileText, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TContact } from '@esigns/contracts/contacts';

export const contactDocumentsPath = (id: string) => `/contacts/documents/${encodeURIComponent(id)}`;
export const contactEditPath = (id: string) => `/contacts/edit/${encodeURIComponent(id)}`;

/** Name over email; the name opens the contact's documents. */
export function ContactName({ contact }: { contact: TContact }) {
  const hasName = contact.name !== contact.email;
  return (
    <Box style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={contactDocumentsPath(contact._id)}
        fw={500}
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {contact.name}
      </Anchor>
      {hasName && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {contact.email}
        </Text>
      )}
    </Box>
  );
}

export function ContactTypeBadge({ contact }: { contact: TContact }) {
  if (!contact.contact_type) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Badge variant="light" color="blue" style={{ textTransform: 'none' }}>
      {contact.contact_type.name}
    </Badge>
  );
}

export type ContactRowRights = { canUpdate: boolean; canDelete: boolean };

/** Documents, edit and delete of one row; actions the caller may not do are left out. */
export function ContactActions({
  contact,
  rights,
  onDelete,
}: {
  contact: TContact;
  rights: ContactRowRights;
  onDelete: (contact: TContact) => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Documents">
        <ActionIcon
          component={Link}
          to={contactDocumentsPath(contact._id)}
          variant="subtle"
          color="gray"
          aria-label={`Documents of ${contact.name}`}
        >
          <IconFileText size={18} />
        </ActionIcon>
      </Tooltip>
      {rights.canUpdate && (
        <Tooltip label="Edit">
          <ActionIcon
            component={Link}
            to={contactEditPath(contact._id)}
            variant="subtle"
            color="gray"
            aria-label={`Edit ${contact.name}`}
          >
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {rights.canDelete && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${contact.name}`}
            onClick={() => onDelete(contact)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

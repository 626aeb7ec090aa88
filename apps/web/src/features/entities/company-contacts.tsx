import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RECORD_ACTION_KEYS, fetchCompany } from './record-actions-api';
import { queryGate } from './query-gate';

/**
 * The "Contacts" tab of a company record (BUSINESS entities): the address book's contacts whose
 * account name is the company's name (`GET /entities/getCompany/{CompanyId}`).
 */
export function CompanyContacts({ recordId }: { recordId: string }) {
  const company = useQuery({
    queryKey: RECORD_ACTION_KEYS.company(recordId),
    queryFn: ({ signal }) => fetchCompany(recordId, signal),
  });
  const gate = queryGate(company, 'The contacts could not be loaded', 120);
  if (gate || !company.data) return gate;
  const { contacts, contacts_total: total, record } = company.data;
  if (contacts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No contact has {record.title ? `“${record.title}”` : 'this company'} as their account name yet.
      </Text>
    );
  return (
    <>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Title</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td>
                <Anchor component={Link} to={`/contacts/edit/${encodeURIComponent(c._id)}`} size="sm">
                  {c.name || c.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.email}</Table.Td>
              <Table.Td>{c.phone}</Table.Td>
              <Table.Td>{c.title}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > contacts.length && (
        <Text size="sm" c="dimmed" mt="xs">
          The first {contacts.length} of {total} contacts.
        </Text>
      )}
    </>
  );
}

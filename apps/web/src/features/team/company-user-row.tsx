import { Avatar, Badge, Box, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { UserType } from '@esigns/contracts/auth';
import { formatInitials } from '../../shared/format/name';
import { CompanyUserActions } from './company-user-actions';
import { CompanyUserRoleCell, CompanyUserTypeCell } from './company-user-cells';
import type { TCompanyUser, TRole } from './team-api';
import { STATUS_LABELS } from './team-labels';
import type { Can } from '../../shared/permissions/use-can';

/** One row of the users list with what the caller may do on it. */
export type CompanyUserView = {
  row: TCompanyUser;
  name: string;
  isSelf: boolean;
  canEditType: boolean;
  canEditRole: boolean;
  /** The company's roles, when the caller may see them. */
  roles: TRole[] | undefined;
  assignable: readonly UserType[];
  rights: Pick<Can, 'canActOnUserType'>;
};

const NO_SHRINK = { flexShrink: 0 } as const;

export function StatusBadge({ row }: { row: TCompanyUser }) {
  if (row.status === 'INVITED' && row.is_expired) {
    return (
      <Badge color="orange" variant="light" style={NO_SHRINK}>
        Invitation expired
      </Badge>
    );
  }
  const color = row.status === 'ACTIVE' ? 'teal' : row.status === 'INVITED' ? 'blue' : 'gray';
  return (
    <Badge color={color} variant="light" style={NO_SHRINK}>
      {STATUS_LABELS[row.status]}
    </Badge>
  );
}

function NameWithAvatar({ view }: { view: CompanyUserView }) {
  const { row, name, isSelf } = view;
  const hasName = Boolean(row.first_name || row.last_name);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" size={32} color="brand" style={NO_SHRINK}>
        {formatInitials(row)}
      </Avatar>
      <Text size="sm" fw={500} c={hasName ? undefined : 'dimmed'}>
        {hasName ? name : '—'}
      </Text>
      {isSelf && (
        <Badge size="xs" variant="outline" style={NO_SHRINK}>
          You
        </Badge>
      )}
    </Group>
  );
}

function TypeCell({ view }: { view: CompanyUserView }) {
  return (
    <CompanyUserTypeCell
      row={view.row}
      name={view.name}
      isEditable={view.canEditType}
      assignable={view.assignable}
    />
  );
}

function RoleCell({ view }: { view: CompanyUserView }) {
  return (
    <CompanyUserRoleCell row={view.row} name={view.name} roles={view.roles} isEditable={view.canEditRole} />
  );
}

function Actions({ view }: { view: CompanyUserView }) {
  return <CompanyUserActions row={view.row} name={view.name} isSelf={view.isSelf} rights={view.rights} />;
}

/** A row of the users table (wider screens). */
export function CompanyUserTableRow({ view }: { view: CompanyUserView }) {
  return (
    <Table.Tr data-testid="company-user-row">
      <Table.Td>
        <NameWithAvatar view={view} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {view.row.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <TypeCell view={view} />
      </Table.Td>
      <Table.Td>
        <RoleCell view={view} />
      </Table.Td>
      <Table.Td>
        <StatusBadge row={view.row} />
      </Table.Td>
      <Table.Td ta="right">
        <Actions view={view} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A user as a card (phones): the same fields and actions, stacked. */
export function CompanyUserCard({ view }: { view: CompanyUserView }) {
  return (
    <Box
      p="md"
      data-testid="company-user-row"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <NameWithAvatar view={view} />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {view.row.email}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <StatusBadge row={view.row} />
            <Actions view={view} />
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              User type
            </Text>
            <TypeCell view={view} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Role
            </Text>
            <RoleCell view={view} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

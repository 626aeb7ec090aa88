import { Fragment, useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock, IconRestore, IconSearch } from '@tabler/icons-react';
import type { UserType } from '@esigns/contracts/auth';
import type { TPermissionCategory } from '@esigns/contracts/permissions';
import type { TUserTypeView } from './team-api';

export type PermissionMatrixProps = {
  categories: readonly TPermissionCategory[];
  userTypes: readonly TUserTypeView[];
  ownerOnly: ReadonlySet<string>;
  /** Whether the caller may change permission sets at all (`permissions:manage`). */
  canManage: boolean;
  /** User types whose column the caller may edit (per-row rule; never OWNER). */
  editableTypes: ReadonlySet<UserType>;
  /** The caller's own permissions; null for an OWNER, who may grant anything. */
  grantable: ReadonlySet<string> | null;
  /** Saves one user type's whole new set; rejects with the server's error. */
  onSave: (userType: TUserTypeView, permissions: string[]) => Promise<unknown>;
  savingTypeId: string | null;
};

/** The permission column stays in view while the user types scroll sideways (phones). */
const stickyCell = (background: string) => ({ position: 'sticky', left: 0, zIndex: 1, background }) as const;
const GRAY = 'var(--mantine-color-gray-0)';
const WHITE = 'var(--mantine-color-white)';

/**
 * A native checkbox in the brand colour: the matrix holds several hundred of them, and a plain
 * input keeps expanding and toggling quick.
 */
function MatrixCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
  slug,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled: boolean;
  onChange: (isOn: boolean) => void;
  slug?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      data-slug={slug}
      checked={checked}
      disabled={disabled}
      ref={(input) => {
        if (input) input.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.currentTarget.checked)}
      style={{
        width: 18,
        height: 18,
        margin: 0,
        verticalAlign: 'middle',
        accentColor: 'var(--mantine-primary-color-filled)',
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    />
  );
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((slug) => a.has(slug));
}

function matches(filter: string, ...texts: string[]): boolean {
  return texts.some((text) => text.toLowerCase().includes(filter));
}

/**
 * Rows: categories (collapsible) and their permissions; columns: the user types. OWNER is always
 * all checked and locked; owner-only rights are locked for the others; a non-owner cannot add a
 * right they lack themselves. Each changed column saves on its own (`PATCH /permissions/{id}`).
 */
export function PermissionMatrix({
  categories,
  userTypes,
  ownerOnly,
  canManage,
  editableTypes,
  grantable,
  onSave,
  savingTypeId,
}: PermissionMatrixProps) {
  const [drafts, setDrafts] = useState<Record<string, ReadonlySet<string>>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();

  const stored = useMemo(
    () => new Map(userTypes.map((type) => [type._id, new Set(type.permissions)] as const)),
    [userTypes],
  );
  const current = (type: TUserTypeView): ReadonlySet<string> =>
    drafts[type._id] ?? stored.get(type._id) ?? new Set<string>();
  const isDirty = (type: TUserTypeView) =>
    Boolean(drafts[type._id]) && !sameSet(drafts[type._id] ?? new Set(), type.permissions);

  const isOwner = (type: TUserTypeView) => type.user_type === 'OWNER';
  const isChecked = (type: TUserTypeView, slug: string) => isOwner(type) || current(type).has(slug);
  const isEditable = (type: TUserTypeView, slug: string) =>
    canManage &&
    !isOwner(type) &&
    editableTypes.has(type.user_type) &&
    !ownerOnly.has(slug) &&
    (grantable === null || grantable.has(slug) || Boolean(stored.get(type._id)?.has(slug)));

  const setSlugs = (type: TUserTypeView, slugs: readonly string[], isOn: boolean) => {
    setDrafts((all) => {
      const next = new Set(all[type._id] ?? stored.get(type._id) ?? []);
      for (const slug of slugs) {
        if (isOn) next.add(slug);
        else next.delete(slug);
      }
      return { ...all, [type._id]: next };
    });
  };

  const discard = (type: TUserTypeView) =>
    setDrafts((all) => {
      const next = { ...all };
      delete next[type._id];
      return next;
    });

  const save = (type: TUserTypeView) => {
    const draft = drafts[type._id];
    if (!draft) return;
    onSave(type, [...draft]).then(
      () => discard(type),
      () => undefined,
    );
  };

  const visible = categories
    .map((category) => ({
      category,
      permissions: needle
        ? category.permissions.filter(
            (p) =>
              matches(needle, category.label, category.slug) ||
              matches(needle, p.label, p.description, p.slug),
          )
        : category.permissions,
    }))
    .filter((entry) => entry.permissions.length > 0);

  const allExpanded = visible.every(({ category }) => expanded.has(category.slug));
  const toggleCategory = (slug: string) =>
    setExpanded((all) => {
      const next = new Set(all);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm" px="sm" pt="sm">
        <TextInput
          placeholder="Filter permissions"
          aria-label="Filter permissions"
          leftSection={<IconSearch size={16} />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Button
          variant="subtle"
          size="xs"
          onClick={() =>
            setExpanded(allExpanded ? new Set() : new Set(visible.map(({ category }) => category.slug)))
          }
        >
          {allExpanded ? 'Collapse all' : 'Expand all'}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing={6} horizontalSpacing="sm" withRowBorders data-testid="permission-matrix">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th style={stickyCell(GRAY)}>Permission</Table.Th>
              {userTypes.map((type) => (
                <Table.Th key={type._id} ta="center" w={104} data-testid={`matrix-column-${type.user_type}`}>
                  <Stack gap={4} align="center">
                    <Text size="sm" fw={600}>
                      {type.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {type.user_count === 1 ? '1 user' : `${type.user_count} users`}
                    </Text>
                    {isOwner(type) ? (
                      <Tooltip label="The owner always has every permission">
                        <Group gap={4} c="dimmed" wrap="nowrap">
                          <IconLock size={12} aria-hidden />
                          <Text size="xs">Always all</Text>
                        </Group>
                      </Tooltip>
                    ) : (
                      canManage &&
                      editableTypes.has(type.user_type) && (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            disabled={!isDirty(type)}
                            loading={savingTypeId === type._id}
                            onClick={() => save(type)}
                            aria-label={`Save ${type.label} permissions`}
                          >
                            Save
                          </Button>
                          {isDirty(type) && (
                            <Tooltip label="Discard changes">
                              <ActionIcon
                                size="sm"
                                variant="subtle"
                                color="gray"
                                aria-label={`Discard ${type.label} changes`}
                                onClick={() => discard(type)}
                              >
                                <IconRestore size={14} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      )
                    )}
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map(({ category, permissions }) => {
              const isOpen = Boolean(needle) || expanded.has(category.slug);
              const slugs = permissions.map((p) => p.slug);
              return (
                <Fragment key={category.slug}>
                  <Table.Tr bg="gray.0" data-testid={`matrix-category-${category.slug}`}>
                    <Table.Td style={stickyCell(GRAY)}>
                      <UnstyledButton
                        onClick={() => toggleCategory(category.slug)}
                        aria-expanded={isOpen}
                        w="100%"
                      >
                        <Group gap={6} wrap="nowrap">
                          {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          <Text size="sm" fw={600}>
                            {category.label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            ({permissions.length})
                          </Text>
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    {userTypes.map((type) => {
                      const count = slugs.filter((slug) => isChecked(type, slug)).length;
                      const editable = slugs.filter((slug) => isEditable(type, slug));
                      return (
                        <Table.Td key={type._id} ta="center">
                          <MatrixCheckbox
                            label={`${type.label}: all of ${category.label}`}
                            checked={count === slugs.length}
                            indeterminate={count > 0 && count < slugs.length}
                            disabled={editable.length === 0}
                            onChange={() => setSlugs(type, editable, count < slugs.length)}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                  {isOpen &&
                    permissions.map((permission) => (
                      <Table.Tr key={permission.slug}>
                        <Table.Td pl={34} style={stickyCell(WHITE)}>
                          <Text size="sm">{permission.label}</Text>
                          <Text size="xs" c="dimmed">
                            {permission.description}
                          </Text>
                        </Table.Td>
                        {userTypes.map((type) => (
                          <Table.Td key={type._id} ta="center">
                            <MatrixCheckbox
                              label={`${type.label}: ${category.label} – ${permission.label}`}
                              slug={permission.slug}
                              checked={isChecked(type, permission.slug)}
                              disabled={!isEditable(type, permission.slug)}
                              onChange={(isOn) => setSlugs(type, [permission.slug], isOn)}
                            />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {visible.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No permission matches “{filter.trim()}”.
        </Text>
      )}
    </Stack>
  );
}

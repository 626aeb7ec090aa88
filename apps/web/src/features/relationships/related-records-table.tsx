import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLink, IconLinkOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import type { TRelationshipSide } from '@esigns/contracts/relationships';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { ENTITY_KEYS, useEntity, useTemplateFields, type TemplateField } from '../entities/entities-api';
import { CellValue } from '../entities/grid-cells';
import { recordPath } from '../entities/paths';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { AddRelatedDialog } from './add-related-dialog';
import { LinkRecordsDialog } from './link-records-dialog';
import { RELATIONSHIP_KEYS, detachRecords, useRelatedRecords } from './relationships-api';

/** Field types that read well in a narrow column. */
const COMPACT: readonly TFormFieldType[] = [
  'SINGLE_LINE_TEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'DATE',
  'DATE_TIME',
  'TIME',
  'YES_OR_NO',
  'CHECKBOX',
  'SELECT',
  'RADIO',
  'MULTI_SELECT',
  'AUTO_INCREMENT',
  'FORMULA',
  'AGGREGATE',
];
const MAX_COLUMNS = 3;
const PAGE_SIZE = 10;

/** A few primary fields of the related entity, besides the title. */
export function summaryColumns(fields: TemplateField[], displayField: string | null): TemplateField[] {
  return fields
    .filter((f) => f.is_primary && f.key !== displayField && COMPACT.includes(f.type))
    .slice(0, MAX_COLUMNS);
}

export type RelatedRecordsTableProps = {
  entityId: string;
  recordId: string;
  relationship: TRelationshipSide;
  /** The count the tab shows (before search). */
  total: number;
};

/** One tab of a record page: the related records of one relationship, paged and searchable. */
export function RelatedRecordsTable({ entityId, recordId, relationship, total }: RelatedRecordsTableProps) {
  const otherId = relationship.entity_id;
  const { can } = useCan();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [dialog, setDialog] = useState<'add' | 'link' | null>(null);
  const [unlinking, setUnlinking] = useState<{ _id: string; title: string } | null>(null);
  const [unlinkError, setUnlinkError] = useState<unknown>(null);
  const [isUnlinkPending, setUnlinkPending] = useState(false);
  const other = useEntity(otherId);
  const fields = useTemplateFields(otherId);
  const records = useRelatedRecords(entityId, recordId, {
    otherId,
    page,
    limit: PAGE_SIZE,
    search: debounced,
  });
  const columns = summaryColumns(fields.data ?? [], other.data?.display_field ?? null);
  const canLink = can('relationships:assign-data');
  const isFull = !relationship.allows_many && total >= 1;
  const target = { entity_relationship_id: relationship._id, parent_entity_data_id: recordId };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RELATIONSHIP_KEYS.all }),
      queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all }),
    ]);
  const dialogProps = { onClose: () => setDialog(null), entityId, target, relationship, onDone: refresh };

  const unlink = async () => {
    if (!unlinking) return;
    setUnlinkPending(true);
    setUnlinkError(null);
    try {
      await detachRecords(entityId, target, [unlinking._id]);
      await refresh();
      notifications.show({ color: 'teal', message: `${unlinking.title || 'Record'} unlinked` });
      setUnlinking(null);
    } catch (err) {
      setUnlinkError(err);
    } finally {
      setUnlinkPending(false);
    }
  };

  const fullHint = `Only one ${relationship.entity_name} can be linked here: unlink it first`;
  const addButtons = canLink && (
    <Group gap="xs">
      <Tooltip label={fullHint} disabled={!isFull}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={isFull}
          onClick={() => setDialog('add')}
        >
          Add new
        </Button>
      </Tooltip>
      <Tooltip label={fullHint} disabled={!isFull}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLink size={14} />}
          disabled={isFull}
          onClick={() => setDialog('link')}
        >
          Link existing
        </Button>
      </Tooltip>
    </Group>
  );

  const rows = records.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          size="xs"
          w={240}
          leftSection={<IconSearch size={14} />}
          placeholder={`Search ${relationship.label.toLowerCase()}`}
          aria-label={`Search ${relationship.label}`}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {addButtons}
      </Group>
      {records.error && <ErrorAlert>{errorText(records.error)}</ErrorAlert>}
      {records.isPending ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {debounced
            ? `No ${relationship.label.toLowerCase()} match "${debounced}".`
            : `No ${relationship.label.toLowerCase()} linked yet.`}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="related-records-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                {columns.map((field) => (
                  <Table.Th key={field.ref}>{field.label}</Table.Th>
                ))}
                <Table.Th>Linked</Table.Th>
                {canLink && <Table.Th w={48} aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id} data-testid="related-record-row">
                  <Table.Td>
                    <Anchor component={Link} to={recordPath(otherId, row._id, 'view')} size="sm" fw={500}>
                      {row.title || 'Untitled'}
                    </Anchor>
                  </Table.Td>
                  {columns.map((field) => (
                    <Table.Td key={field.ref} maw={220}>
                      <CellValue field={field} value={row.values[field.template_id]?.[field.key]} inline />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(row.linked_at)}
                    </Text>
                  </Table.Td>
                  {canLink && (
                    <Table.Td>
                      <Tooltip label="Unlink">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Unlink ${row.title || 'record'}`}
                          onClick={() => {
                            setUnlinkError(null);
                            setUnlinking({ _id: row._id, title: row.title });
                          }}
                        >
                          <IconLinkOff size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {records.data && (
        <ListPager
          page={records.data.page}
          limit={PAGE_SIZE}
          total={records.data.total}
          totalPages={records.data.total_pages}
          onPage={setPage}
        />
      )}
      <AddRelatedDialog opened={dialog === 'add'} {...dialogProps} />
      <LinkRecordsDialog opened={dialog === 'link'} {...dialogProps} />
      <ConfirmDialog
        opened={unlinking !== null}
        title={`Unlink ${relationship.entity_name}`}
        confirmLabel="Unlink"
        onConfirm={() => void unlink()}
        onClose={() => setUnlinking(null)}
        isPending={isUnlinkPending}
        error={unlinkError}
      >
        {`Unlink "${unlinking?.title || 'this record'}" from this record? The record itself is kept.`}
      </ConfirmDialog>
    </Stack>
  );
}

import { ScrollArea, Table } from '@mantine/core';

/** A row of an imported file that was refused, and why. */
export type RejectedRow = { row: number; column?: string | null; message: string };

export type RejectedRowsTableProps = {
  rows: readonly RejectedRow[];
  /** The table's accessible name, e.g. 'Rows not imported'. */
  label: string;
  /** Adds the column of the file each problem is in. */
  showColumn?: boolean;
  maxHeight?: number;
};

/** The rows of an imported file that were refused or failed, scrolling when there are many. */
export function RejectedRowsTable({
  rows,
  label,
  showColumn = false,
  maxHeight = 240,
}: RejectedRowsTableProps) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            {showColumn && <Table.Th w={200}>Column</Table.Th>}
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((rejected, index) => (
            <Table.Tr key={`${rejected.row}-${rejected.column ?? ''}-${index}`}>
              <Table.Td>{rejected.row}</Table.Td>
              {showColumn && <Table.Td>{rejected.column ?? '—'}</Table.Td>}
              <Table.Td>{rejected.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

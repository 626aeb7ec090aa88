import type { ReactNode } from 'react';
import type { ListColumn } from '../../shared/ui/list-screen';

/** The last column of a contact list: the row's buttons, right-aligned. */
export function actionsColumn<Row>(width: number, cell: (row: Row) => ReactNode): ListColumn<Row> {
  return { key: 'actions', header: '', label: 'Actions', width, align: 'right', cell };
}

import { useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ConfirmDialog } from '../page-kit';

export type DeleteConfirm<Row> = {
  /** The row asked about (kept while the dialog closes, so its text does not blank out). */
  target: Row | null;
  ask: (row: Row) => void;
  /** The props of the `ConfirmDialog` that asks. */
  dialog: {
    opened: boolean;
    onConfirm: () => void;
    onClose: () => void;
    isPending: boolean;
    error: unknown;
  };
};

export type DeleteConfirmOptions<Row> = {
  remove: (row: Row) => Promise<unknown>;
  /** The queries to refresh once a row is gone. */
  invalidate: QueryKey;
  /** The notification that says it is done. */
  notice: (row: Row) => { title?: string; message: string };
};

/**
 * Deleting a row after asking: `ask(row)` opens the question, `confirm` deletes, then says so,
 * closes and refreshes the list; a refusal (e.g. the server's 409) stays in the dialog.
 */
export function useDeleteConfirm<Row>({ remove, invalidate, notice }: DeleteConfirmOptions<Row>) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  const [opened, setOpened] = useState(false);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (_answer, row) => {
      notifications.show({ color: 'teal', ...notice(row) });
      setOpened(false);
      void queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
  return {
    target,
    ask: (row: Row) => {
      mutation.reset();
      setTarget(row);
      setOpened(true);
    },
    dialog: {
      opened,
      onConfirm: () => {
        if (target !== null) mutation.mutate(target);
      },
      onClose: () => {
        setOpened(false);
        mutation.reset();
      },
      isPending: mutation.isPending,
      error: mutation.error,
    },
  } satisfies DeleteConfirm<Row>;
}

/** The question of `useDeleteConfirm`: `children` says what goes (and what stays). */
export function DeleteDialog<Row>({
  confirm,
  title,
  confirmLabel = 'Delete',
  children,
}: {
  confirm: DeleteConfirm<Row>;
  title: string;
  confirmLabel?: string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} {...confirm.dialog}>
      {confirm.target !== null && children(confirm.target)}
    </ConfirmDialog>
  );
}

import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACTION_KEYS, fetchDocument, fetchDocumentSettings } from './document-actions-api';

/**
 * A document action's mutation: on success a toast, every document query (`['documents']`) made
 * stale, then `onSuccess` (close the dialog, call the menu's `onDone`). Failures stay on the
 * mutation for the dialog to show (a 409 message, a 422 under its input).
 */
export function useDocumentAction<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  options: { title: string; message?: (result: TResult) => string; onSuccess?: (result: TResult) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      notifications.show({ color: 'teal', title: options.title, message: options.message?.(result) ?? '' });
      await queryClient.invalidateQueries({ queryKey: DOCUMENT_ACTION_KEYS.all });
      options.onSuccess?.(result);
    },
  });
}

/** The usual end of a dialog's action: the dialog closes, then the menu is told (it refreshes). */
export function closeThenDone(dialog: { onClose: () => void; onDone: () => void }): () => void {
  return () => {
    dialog.onClose();
    dialog.onDone();
  };
}

/** A document's detail (recipients, fields, pages) as the action dialogs read it. */
export function useDocumentDetail(id: string) {
  return useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.detail(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
  });
}

/** A document's settings, owner and sharing as the action dialogs read them. */
export function useDocumentSettings(id: string) {
  return useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.settings(id),
    queryFn: ({ signal }) => fetchDocumentSettings(id, signal),
  });
}

import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACTION_KEYS } from './document-actions-api';

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

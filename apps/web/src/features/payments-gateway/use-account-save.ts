import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { TPaymentAccount } from '@esigns/contracts/payments';
import { isApiError } from '../../shared/api/api-error';
import { PAYMENT_KEYS } from './payments-api';

/** A save of an account: refreshes the list; `fieldError` reads the server's 422 details. */
export function useAccountSave<T>(
  save: (body: T) => Promise<TPaymentAccount>,
  onSaved: (a: TPaymentAccount) => void,
) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (account) => {
      await client.invalidateQueries({ queryKey: PAYMENT_KEYS.systems });
      notifications.show({ color: 'teal', message: `${account.name} saved` });
      onSaved(account);
    },
  });
  const fieldError = (key: string): string | undefined =>
    isApiError(mutation.error) ? mutation.error.fieldErrors[key] : undefined;
  return { mutation, fieldError };
}

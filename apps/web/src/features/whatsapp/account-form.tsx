import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWhatsappAccount, TWhatsappAccountCreate } from '@esigns/contracts/whatsapp';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { WHATSAPP_KEYS, createAccount, updateAccount } from './whatsapp-api';

type Draft = TWhatsappAccountCreate;
const FIELDS: (keyof Draft)[] = ['name', 'phone_number_id', 'waba_id', 'access_token', 'app_secret'];

const draftOf = (account?: TWhatsappAccount): Draft => ({
  name: account?.name ?? '',
  phone_number_id: account?.phone_number_id ?? '',
  waba_id: account?.waba_id ?? '',
  access_token: '',
  app_secret: '',
});

/** The body: on an edit, only what changed (an empty token or secret keeps the stored one). */
function bodyOf(draft: Draft, account?: TWhatsappAccount): Partial<Draft> {
  if (!account) return draft;
  const out: Partial<Draft> = {};
  for (const key of FIELDS) {
    const value = draft[key].trim();
    if (key === 'access_token' || key === 'app_secret') {
      if (value) out[key] = value;
    } else if (value !== account[key]) out[key] = value;
  }
  return out;
}

/**
 * Connect a WhatsApp Business account, or change one (`account`). The server tries the token, the
 * phone number id and the WABA id against the Cloud API before it saves; a refusal shows under the
 * field it concerns and nothing is saved.
 */
export function AccountForm({ account, onDone }: { account?: TWhatsappAccount; onDone?: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(account));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      account ? updateAccount(account._id, bodyOf(draft, account)) : createAccount(bodyOf(draft) as Draft),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WHATSAPP_KEYS.all });
      notifications.show({
        color: 'teal',
        message: account ? 'Account saved' : 'WhatsApp account connected',
      });
      setDraft((d) => ({ ...d, access_token: '', app_secret: '' }));
      onDone?.();
    },
  });
  const fieldErr = (key: string) =>
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  const onField = FIELDS.some((k) => fieldErr(k));
  const input = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
    error: fieldErr(key),
    autoComplete: 'off',
  });
  const keep = account ? 'Saved (leave empty to keep it)' : undefined;
  return (
    <form
      aria-label={account ? `Edit ${account.name}` : 'Connect a WhatsApp account'}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        {save.error &&
          (onField ? (
            <Alert color="red" title={errorText(save.error)}>
              Nothing was saved. The Cloud API's answer is under the field it concerns.
            </Alert>
          ) : (
            <ErrorAlert>{errorText(save.error)}</ErrorAlert>
          ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" placeholder="Sales number" required {...input('name')} />
          <TextInput label="Phone number id" inputMode="numeric" required {...input('phone_number_id')} />
          <TextInput
            label="WhatsApp Business account id"
            inputMode="numeric"
            required
            {...input('waba_id')}
          />
          <PasswordInput
            label="Access token"
            description="A system user's permanent token"
            placeholder={keep}
            required={!account}
            {...input('access_token')}
          />
          <PasswordInput
            label="App secret"
            description="Meta app > Settings > Basic: checks the webhooks"
            placeholder={keep}
            required={!account}
            {...input('app_secret')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {onDone && account && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {account ? 'Save' : 'Connect and test'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

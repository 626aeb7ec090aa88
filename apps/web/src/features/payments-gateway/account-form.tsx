import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import type { TPaymentAccount, TPaymentAccountCreate } from '@esigns/contracts/payments';

export type AccountFormValues = {
  name: string;
  active: boolean;
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  instructions: string;
  testMode: boolean;
};

export function initialValues(account?: TPaymentAccount): AccountFormValues {
  return {
    name: account?.name ?? '',
    active: account?.active ?? true,
    secretKey: '',
    webhookSecret: '',
    publishableKey: account?.publishableKey ?? '',
    instructions: account?.instructions ?? '',
    testMode: account ? account.mode === 'TEST' : true,
  };
}

/** The body to send: keys only when typed (a stored key is never shown, so blank keeps it). */
export function accountBody(
  provider: 'STRIPE' | 'MANUAL',
  v: AccountFormValues,
): Omit<TPaymentAccountCreate, 'provider'> {
  if (provider === 'STRIPE') {
    return {
      name: v.name.trim(),
      active: v.active,
      ...(v.secretKey.trim() ? { secretKey: v.secretKey.trim() } : {}),
      ...(v.webhookSecret.trim() ? { webhookSecret: v.webhookSecret.trim() } : {}),
      publishableKey: v.publishableKey.trim() || null,
    };
  }
  return {
    name: v.name.trim(),
    active: v.active,
    instructions: v.instructions.trim() || null,
    testMode: v.testMode,
  };
}

/** Name, keys (STRIPE) or wire instructions (MANUAL), active. */
export function AccountForm({
  provider,
  account,
  submitLabel,
  pending,
  fieldError,
  onSubmit,
  onCancel,
}: {
  provider: 'STRIPE' | 'MANUAL';
  account?: TPaymentAccount;
  submitLabel: string;
  pending: boolean;
  fieldError: (key: string) => string | undefined;
  onSubmit: (values: AccountFormValues) => void;
  onCancel?: () => void;
}) {
  const [v, setV] = useState<AccountFormValues>(() => initialValues(account));
  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setV((prev) => ({ ...prev, [key]: value }));
  const keyHint = account?.keyLast4
    ? `Stored key ends in ${account.keyLast4}; leave blank to keep it.`
    : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(v);
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          value={v.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={fieldError('name')}
        />
        {provider === 'STRIPE' ? (
          <>
            <PasswordInput
              label="Secret key"
              description={keyHint ?? 'sk_test_... or sk_live_... (stored encrypted, never shown again)'}
              required={!account}
              value={v.secretKey}
              onChange={(e) => set('secretKey', e.currentTarget.value)}
              error={fieldError('secretKey')}
              autoComplete="off"
            />
            <PasswordInput
              label="Webhook signing secret"
              description={
                account?.hasWebhookSecret
                  ? 'A secret is stored; leave blank to keep it.'
                  : 'whsec_... Leave blank to let the gateway register its endpoint with Stripe.'
              }
              value={v.webhookSecret}
              onChange={(e) => set('webhookSecret', e.currentTarget.value)}
              error={fieldError('webhookSecret')}
              autoComplete="off"
            />
            <TextInput
              label="Publishable key"
              description="Optional: pk_test_... or pk_live_..."
              value={v.publishableKey}
              onChange={(e) => set('publishableKey', e.currentTarget.value)}
              error={fieldError('publishableKey')}
            />
          </>
        ) : (
          <>
            <Textarea
              label="Wire instructions"
              description="Shown to payers: bank, account, reference to quote."
              rows={3}
              value={v.instructions}
              onChange={(e) => set('instructions', e.currentTarget.value)}
              error={fieldError('instructions')}
            />
            <Switch
              label="Test account"
              checked={v.testMode}
              onChange={(e) => set('testMode', e.currentTarget.checked)}
            />
          </>
        )}
        <Switch label="Active" checked={v.active} onChange={(e) => set('active', e.currentTarget.checked)} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { AccountForm, accountBody } from './account-form';
import { createPaymentAccount } from './payments-api';
import { useAccountSave } from './use-account-save';

const FIELDS = ['name', 'secretKey', 'webhookSecret', 'publishableKey', 'instructions'];

/** /configuration/paymentSystems/add: a Stripe account (keys) or a wire-transfer one (instructions). */
export function AddPaymentSystemScreen() {
  usePageTitle('Add payment system');
  const navigate = useNavigate();
  const [provider, setProvider] = useState<'STRIPE' | 'MANUAL'>('STRIPE');
  const { mutation, fieldError } = useAccountSave(
    (body: Parameters<typeof createPaymentAccount>[0]) => createPaymentAccount(body),
    () => void navigate('/configuration/paymentSystems'),
  );
  const unexplained = mutation.isError && !FIELDS.some((key) => fieldError(key));
  return (
    <PageFrame
      title="Add payment system"
      description={
        <>
          Keys are stored encrypted and never shown again.{' '}
          <Anchor component={Link} to="/configuration/paymentSystems" size="sm">
            Back to payment systems
          </Anchor>
        </>
      }
    >
      <Panel>
        <Stack p="lg" gap="md" maw={560}>
          <SegmentedControl
            value={provider}
            onChange={(value) => setProvider(value as 'STRIPE' | 'MANUAL')}
            data={[
              { value: 'STRIPE', label: 'Stripe (cards)' },
              { value: 'MANUAL', label: 'Wire transfer' },
              { value: 'SWIREPAY', label: 'Swirepay', disabled: true },
            ]}
          />
          <Text size="sm" c="dimmed">
            {provider === 'STRIPE'
              ? 'Payers pay by card on Stripe Checkout; Stripe tells the gateway when the money arrives.'
              : 'Payers wire the money with your instructions; staff mark each payment paid.'}{' '}
            Swirepay is not configured on this instance.
          </Text>
          {unexplained && <ErrorAlert>{errorText(mutation.error)}</ErrorAlert>}
          <AccountForm
            key={provider}
            provider={provider}
            submitLabel="Add payment system"
            pending={mutation.isPending}
            fieldError={fieldError}
            onSubmit={(values) => mutation.mutate({ provider, ...accountBody(provider, values) })}
          />
        </Stack>
      </Panel>
    </PageFrame>
  );
}

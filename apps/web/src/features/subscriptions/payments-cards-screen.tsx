import { useState } from 'react';
import { Button, Paper, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBillingDetails } from '@esigns/contracts/subscriptions';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, QueryFailure, errorText } from '../../shared/ui/page-kit';
import {
  SUBSCRIPTION_KEYS,
  fetchBillingDetails,
  fetchPlanInfo,
  saveBillingDetails,
} from './subscriptions-api';
import { TransactionsTable } from './transactions-table';

const EMPTY = { name: '', email: '', address: '', tax_id: '' };

function BillingForm({ initial, canEdit }: { initial: typeof EMPTY; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const save = useMutation({
    mutationFn: (input: TBillingDetails) => saveBillingDetails(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.billing });
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: 'Saved',
        message: 'Billing details saved.',
      });
    },
  });
  const fieldError = (key: string) => (isApiError(save.error) ? save.error.fieldErrors[key] : undefined);
  const field = (key: keyof typeof EMPTY) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
    error: fieldError(key),
    disabled: !canEdit,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="sm">
        <TextInput label="Billing name" required {...field('name')} />
        <TextInput label="Billing email" type="email" required {...field('email')} />
        <Textarea label="Address" rows={2} {...field('address')} />
        <TextInput label="Tax id (GSTIN)" {...field('tax_id')} />
        {save.isError && !isApiError(save.error) && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        {save.isError && isApiError(save.error) && !save.error.isValidation && (
          <ErrorAlert>{save.error.message}</ErrorAlert>
        )}
        {canEdit ? (
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Save billing details
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Only the company’s owner changes the billing details.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** /profile/paymentsCards: the company's billing details (printed on invoices) and payment history. */
export function PaymentsCardsScreen() {
  usePageTitle('Billing and payments');
  const billing = useQuery({
    queryKey: SUBSCRIPTION_KEYS.billing,
    queryFn: ({ signal }) => fetchBillingDetails(signal),
  });
  const info = useQuery({ queryKey: SUBSCRIPTION_KEYS.info, queryFn: ({ signal }) => fetchPlanInfo(signal) });
  const initial = billing.data
    ? {
        name: billing.data.name,
        email: billing.data.email,
        address: billing.data.address,
        tax_id: billing.data.tax_id,
      }
    : EMPTY;
  return (
    <PageFrame
      title="Billing and payments"
      description="Cards are entered on the payment page of each checkout and never stored here."
    >
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md" maw={640}>
          <Title order={4} mb="md">
            Billing details
          </Title>
          {billing.isError ? (
            <QueryFailure query={billing} title="Could not load the billing details" />
          ) : billing.isPending || info.isPending ? (
            <Skeleton h={240} />
          ) : (
            <BillingForm
              key={billing.dataUpdatedAt}
              initial={initial}
              canEdit={info.data?.is_owner ?? false}
            />
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={4} mb="md">
            Payment history
          </Title>
          <TransactionsTable />
        </Paper>
      </Stack>
    </PageFrame>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TActiveSystems, TPaymentAccount } from '@esigns/contracts/payments';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { AppDialog } from '../../shared/ui/app-dialog';
import {
  ErrorAlert,
  PageFrame,
  Panel,
  QueryFailure,
  StateMessage,
  errorText,
} from '../../shared/ui/page-kit';
import { AccountForm, accountBody } from './account-form';
import { AccountsTable } from './accounts-table';
import { updatePaymentAccount } from './payments-api';
import { useAccountSave } from './use-account-save';
import { useActiveSystems } from './use-active-systems';

export const NO_ACCESS_TEXT =
  'Only members allowed to see payments (owners and administrators by default) see the payment systems.';

function ProviderBadges({ providers }: { providers: TActiveSystems['providers'] }) {
  return (
    <Group gap="xs" data-testid="provider-states">
      {providers.map((p) => (
        <Badge key={p.provider} variant="light" color={p.configured ? 'teal' : 'gray'} title={p.note}>
          {`${p.label}: ${p.configured ? 'available' : 'not configured'}`}
        </Badge>
      ))}
    </Group>
  );
}

function EditDialog({ account, onClose }: { account: TPaymentAccount; onClose: () => void }) {
  const { mutation, fieldError } = useAccountSave(
    (body: ReturnType<typeof accountBody>) => updatePaymentAccount(account._id, body),
    onClose,
  );
  return (
    <AppDialog opened onClose={onClose} title={`Edit ${account.name}`}>
      <Stack>
        {mutation.isError && !fieldError('name') && <ErrorAlert>{errorText(mutation.error)}</ErrorAlert>}
        <AccountForm
          provider={account.provider}
          account={account}
          submitLabel="Save"
          pending={mutation.isPending}
          fieldError={fieldError}
          onSubmit={(values) => mutation.mutate(accountBody(account.provider, values))}
          onCancel={onClose}
        />
      </Stack>
    </AppDialog>
  );
}

/** /configuration/paymentSystems: the company's payment accounts and the providers' state. */
export function PaymentSystemsScreen() {
  usePageTitle('Payment systems');
  const [editing, setEditing] = useState<TPaymentAccount | null>(null);
  const query = useActiveSystems();
  return (
    <PageFrame
      title="Payment systems"
      description="The accounts your pay buttons and direct payments collect through: Stripe (cards) or wire transfer."
      actions={
        <Button component={Link} to="/configuration/paymentSystems/add" leftSection={<IconPlus size={16} />}>
          Add payment system
        </Button>
      }
    >
      {query.isError ? (
        <QueryFailure query={query} title="Could not load the payment systems" noAccess={NO_ACCESS_TEXT} />
      ) : !query.data ? (
        <Skeleton h={200} />
      ) : (
        <Stack gap="md">
          <ProviderBadges providers={query.data.providers} />
          <Panel>
            {query.data.accounts.length === 0 ? (
              <StateMessage
                icon={<IconCreditCard size={28} />}
                title="No payment system yet"
                testId="no-accounts"
              >
                <Text c="dimmed" size="sm" maw={460}>
                  Without one, payments are wire transfers with the instance&apos;s instructions, marked paid
                  by hand. Add a Stripe account to take cards.
                </Text>
              </StateMessage>
            ) : (
              <AccountsTable accounts={query.data.accounts} onEdit={setEditing} />
            )}
          </Panel>
        </Stack>
      )}
      {editing && <EditDialog account={editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}

import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPromoCode } from '@esigns/contracts/subscriptions';
import { formatDate } from '../../../shared/format/date';
import {
  DeleteDialog,
  ListView,
  useDeleteConfirm,
  type DeleteConfirm,
  type ListColumn,
} from '../../../shared/ui/list-screen';
import { moneyText } from '../plan-format';
import { OPERATOR_KEYS, deletePromoCode, fetchPromoCodes, setPromoCodeActive } from './operator-api';
import { PromoCodeDialog } from './promo-code-dialog';

export function discountText(code: TPromoCode): string {
  if (code.percent_off !== null) return `${code.percent_off}% off`;
  return `${moneyText(code.amount_off_minor ?? 0, code.currency)} off`;
}

const validText = (code: TPromoCode) => (code.valid_to ? `until ${formatDate(code.valid_to)}` : 'No end');
const usedText = (code: TPromoCode) =>
  `${code.redemptions}${code.max_redemptions !== null ? ` / ${code.max_redemptions}` : ''}`;

function ActiveSwitch({ code }: { code: TPromoCode }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => setPromoCodeActive(code._id, active),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.promoCodes }),
  });
  return (
    <Switch
      aria-label={`${code.code} active`}
      checked={code.active}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
    />
  );
}

function CodeName({ code }: { code: TPromoCode }) {
  return (
    <div>
      <Text fw={600} ff="monospace">
        {code.code}
      </Text>
      {code.description && (
        <Text size="xs" c="dimmed">
          {code.description}
        </Text>
      )}
    </div>
  );
}

function columnsOf(remove: DeleteConfirm<TPromoCode>): ListColumn<TPromoCode>[] {
  return [
    { key: 'code', header: 'Code', cell: (code) => <CodeName code={code} /> },
    { key: 'discount', header: 'Discount', cell: discountText },
    { key: 'valid', header: 'Valid', cell: validText },
    { key: 'used', header: 'Used', cell: usedText },
    { key: 'active', header: 'Active', cell: (code) => <ActiveSwitch code={code} /> },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      cell: (code) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${code.code}`}
          onClick={() => remove.ask(code)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ];
}

/** Promo codes: list, create, turn on or off, delete. */
export function PromoCodes() {
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    queryKey: OPERATOR_KEYS.promoCodes,
    queryFn: ({ signal }) => fetchPromoCodes(signal),
  });
  const remove = useDeleteConfirm<TPromoCode>({
    remove: (code) => deletePromoCode(code._id),
    invalidate: OPERATOR_KEYS.promoCodes,
    notice: (code) => ({ message: `${code.code} deleted` }),
  });
  const columns = columnsOf(remove);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New promo code
        </Button>
      </Group>
      <ListView
        list={{ query, rows: query.data ?? [] }}
        errorTitle="Could not load the promo codes"
        empty={{ icon: IconTicket, title: 'No promo codes yet' }}
        columns={columns}
        minWidth={640}
        rowTestId="promo-row"
        card={(code) => ({
          title: <CodeName code={code} />,
          actions: <ActiveSwitch code={code} />,
          meta: (
            <Text size="sm">
              {discountText(code)} · {validText(code)} · used {usedText(code)}
            </Text>
          ),
          footer: columns.at(-1)?.cell?.(code),
        })}
      />
      {creating && <PromoCodeDialog onClose={() => setCreating(false)} />}
      <DeleteDialog confirm={remove} title="Delete promo code">
        {(code) => (
          <>
            Delete <b>{code.code}</b>? Its {code.redemptions} use(s) are forgotten. Turning it off keeps them.
          </>
        )}
      </DeleteDialog>
    </Stack>
  );
}

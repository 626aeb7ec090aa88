import { useState } from 'react';
import { ActionIcon, Button, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPromoCode } from '@esigns/contracts/subscriptions';
import { formatDate } from '../../../shared/format/date';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { QueryFailure } from '../../../shared/ui/page-kit';
import { moneyText } from '../plan-format';
import { OPERATOR_KEYS, deletePromoCode, fetchPromoCodes, setPromoCodeActive } from './operator-api';
import { PromoCodeDialog } from './promo-code-dialog';

export function discountText(code: TPromoCode): string {
  if (code.percent_off !== null) return `${code.percent_off}% off`;
  return `${moneyText(code.amount_off_minor ?? 0, code.currency)} off`;
}

function PromoRow({ code, onDelete }: { code: TPromoCode; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => setPromoCodeActive(code._id, active),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.promoCodes }),
  });
  return (
    <Table.Tr data-testid={`promo-${code.code}`}>
      <Table.Td>
        <Text fw={600} ff="monospace">
          {code.code}
        </Text>
        {code.description && (
          <Text size="xs" c="dimmed">
            {code.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{discountText(code)}</Table.Td>
      <Table.Td>{code.valid_to ? `until ${formatDate(code.valid_to)}` : 'No end'}</Table.Td>
      <Table.Td>
        {code.redemptions}
        {code.max_redemptions !== null ? ` / ${code.max_redemptions}` : ''}
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${code.code} active`}
          checked={code.active}
          disabled={toggle.isPending}
          onChange={(event) => toggle.mutate(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${code.code}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

function DeleteDialog({ code, onClose }: { code: TPromoCode; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePromoCode(code._id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.promoCodes });
      onClose();
    },
  });
  return (
    <FormDialog
      onClose={onClose}
      title={`Delete ${code.code}?`}
      confirmLabel="Delete"
      isDestructive
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate()}
      intro={<Text size="sm">Its {code.redemptions} use(s) are forgotten. Turning it off keeps them.</Text>}
    />
  );
}

/** Promo codes: list, create, turn on or off, delete. */
export function PromoCodes() {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TPromoCode | null>(null);
  const query = useQuery({
    queryKey: OPERATOR_KEYS.promoCodes,
    queryFn: ({ signal }) => fetchPromoCodes(signal),
  });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New promo code
        </Button>
      </Group>
      {query.isError ? (
        <QueryFailure query={query} title="Could not load the promo codes" />
      ) : !query.data ? (
        <Skeleton h={160} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No promo codes yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="promo-codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((code) => (
                <PromoRow key={code._id} code={code} onDelete={() => setDeleting(code)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && <PromoCodeDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteDialog code={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

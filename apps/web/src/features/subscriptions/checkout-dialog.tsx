import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank, IconDiscount } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { BillingInterval, TPlan, TRedemption, TSubscribeResult } from '@esigns/contracts/subscriptions';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { moneyText, priceText } from './plan-format';
import { subscribe, validatePromoCode } from './subscriptions-api';

export type CheckoutDialogProps = {
  plan: TPlan | null;
  interval: BillingInterval;
  onClose: () => void;
  /** The plan changed at once (free, or fully discounted). */
  onActivated: () => void;
  /** A wire transfer is awaited (the plan changes once it is confirmed). */
  onAwaitingPayment: () => void;
  /** Leaves for Stripe Checkout (a full page load). */
  onRedirect: (url: string) => void;
};

function promoProblem(error: unknown): string {
  if (isApiError(error)) return error.fieldErrors.code ?? error.fieldErrors.plan_id ?? error.message;
  return errorText(error);
}

/**
 * Choosing a plan: its price for the interval, an optional promo code (validated for this plan
 * and interval: the discount and the price to pay), then the payment: Stripe Checkout, or wire
 * instructions when the instance bills by hand.
 */
export function CheckoutDialog({
  plan,
  interval,
  onClose,
  onActivated,
  onAwaitingPayment,
  onRedirect,
}: CheckoutDialogProps) {
  const [code, setCode] = useState('');
  const [redemption, setRedemption] = useState<TRedemption | null>(null);
  const [manual, setManual] = useState<TSubscribeResult | null>(null);
  const promo = useMutation({
    mutationFn: () => validatePromoCode(code.trim(), { plan_id: plan!._id, interval }),
    onSuccess: setRedemption,
  });
  const pay = useMutation({
    mutationFn: () =>
      subscribe({ plan_id: plan!._id, interval, ...(redemption ? { redemption_id: redemption._id } : {}) }),
    onSuccess: (result) => {
      if (result.status === 'ACTIVE') onActivated();
      else if (result.redirect_url) onRedirect(result.redirect_url);
      else setManual(result);
    },
  });

  const close = () => {
    setCode('');
    setRedemption(null);
    setManual(null);
    promo.reset();
    pay.reset();
    onClose();
  };

  if (!plan) return null;
  const price = interval === 'year' ? plan.price_year_minor : plan.price_month_minor;
  const toPay = redemption ? redemption.final_minor : price;
  return (
    <AppDialog
      opened={plan !== null}
      onClose={close}
      title={`${plan.name} plan`}
      footer={
        manual ? (
          <Group justify="flex-end">
            <Button
              onClick={() => {
                close();
                onAwaitingPayment();
              }}
            >
              Done
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={pay.isPending} onClick={() => pay.mutate()} data-testid="checkout-pay">
              {price === 0 || toPay === 0 ? 'Switch plan' : `Pay ${moneyText(toPay, plan.currency)}`}
            </Button>
          </Group>
        )
      }
    >
      {manual ? (
        <Stack gap="sm" data-testid="wire-instructions">
          <Alert color="blue" icon={<IconBuildingBank size={18} />} title="Pay by bank transfer">
            Transfer {moneyText(manual.amount_minor, manual.currency)} with the reference below. Your plan
            changes as soon as the payment is confirmed.
          </Alert>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {manual.instructions}
          </Text>
          <Text size="sm" c="dimmed">
            Reference: {manual.transaction_id}
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            {priceText(plan, interval)}
            {interval === 'year' ? ', billed yearly' : ', billed monthly'}. It renews until you cancel.
          </Text>
          {price > 0 && (
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Promo code"
                placeholder="e.g. WELCOME20"
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setRedemption(null);
                  promo.reset();
                }}
                error={promo.isError ? promoProblem(promo.error) : undefined}
                leftSection={<IconDiscount size={16} />}
                style={{ flex: 1 }}
              />
              <Button
                variant="light"
                disabled={!code.trim()}
                loading={promo.isPending}
                onClick={() => promo.mutate()}
                mb={promo.isError ? 22 : 0}
              >
                Apply
              </Button>
            </Group>
          )}
          {redemption && (
            <Alert color="teal" data-testid="promo-applied">
              {redemption.code}: {moneyText(redemption.discount_minor, redemption.currency)} off. You pay{' '}
              {moneyText(redemption.final_minor, redemption.currency)}.
            </Alert>
          )}
          {pay.isError && <ErrorAlert>{errorText(pay.error)}</ErrorAlert>}
        </Stack>
      )}
    </AppDialog>
  );
}

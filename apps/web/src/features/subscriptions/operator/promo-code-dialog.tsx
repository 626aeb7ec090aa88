import { useState } from 'react';
import { NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPromoCodeInput } from '@esigns/contracts/subscriptions';
import { isApiError } from '../../../shared/api/api-error';
import { DateField } from '../../../shared/ui/date-field';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { OPERATOR_KEYS, createPromoCode } from './operator-api';

type Kind = 'percent' | 'amount';

/** The promo code to send: a percent or an amount in minor units, an end of day in UTC. */
export function promoInput(values: {
  code: string;
  description: string;
  kind: Kind;
  value: number | '';
  validTo: string;
  maxRedemptions: number | '';
}): TPromoCodeInput {
  const value = values.value === '' ? null : Number(values.value);
  return {
    code: values.code,
    description: values.description,
    percent_off: values.kind === 'percent' ? value : null,
    amount_off_minor: values.kind === 'amount' && value !== null ? Math.round(value * 100) : null,
    currency: 'INR',
    valid_to: values.validTo ? `${values.validTo}T23:59:59.000Z` : null,
    max_redemptions: values.maxRedemptions === '' ? null : Number(values.maxRedemptions),
  };
}

/** New promo code: percent or amount off (INR), an optional last day and cap; every plan. */
export function PromoCodeDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    code: '',
    description: '',
    kind: 'percent' as Kind,
    value: '' as number | '',
    validTo: '',
    maxRedemptions: '' as number | '',
  });
  const create = useMutation({
    mutationFn: () => createPromoCode(promoInput(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.promoCodes });
      onClose();
    },
  });
  const fieldError = (key: string) => (isApiError(create.error) ? create.error.fieldErrors[key] : undefined);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  const generalError = isApiError(create.error) && create.error.isValidation ? undefined : create.error;
  return (
    <FormDialog
      onClose={onClose}
      title="New promo code"
      confirmLabel="Create promo code"
      isPending={create.isPending}
      error={generalError}
      form={{ id: 'promo-code', label: 'New promo code', onSubmit: () => create.mutate() }}
    >
      <Stack gap="sm">
        <TextInput
          label="Code"
          description="Letters, digits, - or _; customers type it at checkout."
          required
          value={values.code}
          onChange={(e) => set({ code: e.currentTarget.value })}
          error={fieldError('code')}
        />
        <TextInput
          label="Description"
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={fieldError('description')}
        />
        <SegmentedControl
          aria-label="Discount"
          value={values.kind}
          onChange={(kind) => set({ kind: kind as Kind, value: '' })}
          data={[
            { value: 'percent', label: 'Percent off' },
            { value: 'amount', label: 'Amount off (₹)' },
          ]}
        />
        <NumberInput
          label={values.kind === 'percent' ? 'Percent off' : 'Amount off (₹)'}
          required
          min={values.kind === 'percent' ? 1 : 0.01}
          max={values.kind === 'percent' ? 100 : undefined}
          decimalScale={values.kind === 'percent' ? 0 : 2}
          value={values.value}
          onChange={(value) => set({ value: value === '' ? '' : Number(value) })}
          error={fieldError(values.kind === 'percent' ? 'percent_off' : 'amount_off_minor')}
        />
        <DateField
          label="Last day (optional)"
          value={values.validTo}
          onChange={(validTo) => set({ validTo })}
          error={fieldError('valid_to')}
        />
        <NumberInput
          label="Uses at most (optional)"
          min={1}
          allowDecimal={false}
          value={values.maxRedemptions}
          onChange={(value) => set({ maxRedemptions: value === '' ? '' : Number(value) })}
          error={fieldError('max_redemptions')}
        />
      </Stack>
    </FormDialog>
  );
}

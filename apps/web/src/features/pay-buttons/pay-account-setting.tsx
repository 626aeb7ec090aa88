import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchPayAccounts } from './pay-buttons-api';

/**
 * The PAY_BUTTON field's payment account in the template builder: one of the company's active
 * gateway accounts, or the default (the template's integration, else the company's default).
 */
export function PayAccountSetting({
  values,
  patch,
  problems,
}: {
  values: Record<string, unknown>;
  patch: (changes: Record<string, unknown>) => void;
  problems: Record<string, string | undefined>;
}) {
  const accounts = useQuery({
    queryKey: ['pay-buttons', 'accounts'],
    queryFn: ({ signal }) => fetchPayAccounts(signal),
    retry: false,
    staleTime: 60_000,
  });
  const value = typeof values.account_id === 'string' ? values.account_id : '';
  const data = [
    { value: '', label: 'Default account' },
    ...(accounts.data ?? []).map((a) => ({ value: a._id, label: `${a.name} (${a.provider})` })),
  ];
  // An account no longer listed (turned off, or not visible to this user) stays chosen.
  if (value && !data.some((d) => d.value === value)) data.push({ value, label: 'Another account' });
  return (
    <NativeSelect
      size="xs"
      label="Payment account"
      description={accounts.isError ? 'Accounts are listed for users who see payment settings.' : undefined}
      data={data}
      value={value}
      onChange={(event) => patch({ account_id: event.currentTarget.value || undefined })}
      error={problems.account_id}
    />
  );
}

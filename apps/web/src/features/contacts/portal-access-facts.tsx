import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { TPortalAccess } from '@esigns/contracts/application-users';
import { formatDate } from '../../shared/format/date';
import { AccountRecordText } from './account-record-picker';

/* What the portal-access panel says about the contact's access. */

export const ACCESS_STATUS: Record<TPortalAccess['status'], { label: string; color: string; help: string }> =
  {
    NONE: { label: 'No access', color: 'gray', help: 'This contact cannot sign in to your contact area.' },
    INVITED: { label: 'Invited', color: 'yellow', help: 'The invitation was mailed; it works for 7 days.' },
    ACTIVE: {
      label: 'Active',
      color: 'teal',
      help: 'Signs in to see the documents, forms and records you share.',
    },
    REVOKED: { label: 'Revoked', color: 'red', help: 'Access was taken back: sign-in is refused.' },
  };

const when = (value: string | null) => (value ? formatDate(value) : 'Never');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Invited, last sign-in (and revoked) times, and the account record unless it is being chosen. */
export function AccessFacts({ access, withAccount }: { access: TPortalAccess; withAccount: boolean }) {
  const times: (readonly [string, string | null])[] = [];
  if (access.status !== 'NONE')
    times.push(['Invited on', access.invited_at], ['Last sign-in', access.last_signin_at]);
  if (access.status === 'REVOKED') times.push(['Revoked on', access.revoked_at]);
  if (times.length === 0 && !withAccount) return null;
  return (
    <Group gap="lg" align="flex-start">
      {times.map(([label, value]) => (
        <Fact key={label} label={label}>
          <Text size="sm">{when(value)}</Text>
        </Fact>
      ))}
      {withAccount && (
        <Fact label="Account record">
          <AccountRecordText recordId={access.account_data_id} />
        </Fact>
      )}
    </Group>
  );
}

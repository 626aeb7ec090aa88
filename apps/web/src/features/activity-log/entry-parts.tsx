import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ACTIVITY_ACTION_LABELS, type TActivityEntry } from '@esigns/contracts/activity-log';
import { formatDateTime } from '../../shared/format/date';

/** Where an entry's target opens in the app (null: nowhere to go, e.g. a deleted document). */
export function targetPathOf(entry: TActivityEntry): string | null {
  if (!entry.target_type) return null;
  if (entry.action.endsWith('.deleted') || entry.action === 'user.removed') return null;
  const id = entry.target_id ? encodeURIComponent(entry.target_id) : null;
  switch (entry.target_type) {
    case 'document':
      return id ? `/emp-documents/custom/${id}` : null;
    case 'template':
      return '/templates';
    case 'entity':
      return id ? `/entity/${id}` : '/entity';
    case 'user':
      return '/company/users';
    case 'company':
      return '/profile/companyProfile';
    case 'oauth_app':
      return '/profilesettings/myapps-credentials';
    case 'payment':
      return null;
  }
}

export function ActionText({ entry }: { entry: TActivityEntry }) {
  return (
    <Text size="sm" fw={500} c={entry.action === 'auth.signin_failed' ? 'red' : undefined}>
      {ACTIVITY_ACTION_LABELS[entry.action]}
    </Text>
  );
}

export function ActorText({ entry }: { entry: TActivityEntry }) {
  if (!entry.actor)
    return (
      <Text size="sm" c="dimmed">
        Someone outside the company
      </Text>
    );
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" truncate>
        {entry.actor.name ?? entry.actor.email ?? 'Unknown user'}
      </Text>
      {entry.actor.name && entry.actor.email && (
        <Text size="xs" c="dimmed" truncate>
          {entry.actor.email}
        </Text>
      )}
    </Stack>
  );
}

export function TargetText({ entry }: { entry: TActivityEntry }) {
  const label =
    entry.target_name ?? (entry.target_type ? `The ${entry.target_type.replace('_', ' ')}` : null);
  if (!label)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const path = targetPathOf(entry);
  return path ? (
    <Anchor component={Link} to={path} size="sm">
      {label}
    </Anchor>
  ) : (
    <Text size="sm">{label}</Text>
  );
}

/** Where from: IP and user agent, when known. */
export function OriginText({ entry }: { entry: TActivityEntry }) {
  if (!entry.ip && !entry.user_agent)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {entry.ip && <Text size="xs">{entry.ip}</Text>}
      {entry.user_agent && (
        <Text size="xs" c="dimmed" lineClamp={2} title={entry.user_agent}>
          {entry.user_agent}
        </Text>
      )}
    </Stack>
  );
}

/** In the user's date format and the screen's zone. */
export const whenOf = (entry: TActivityEntry) => formatDateTime(entry.occurred_at);

import { Radio, Stack, Text } from '@mantine/core';
import { MAX_RECORD_MAILS, type TRecordMailRequest } from '@esigns/contracts/email';
import { isNarrowed, type GridMatch } from './grid-match';

/** Who a mailing goes to: the selected records, or all those the grid matches. */
export type Recipients = 'selected' | 'all';

/** The records part of `POST /entities/emails`: the ids, or `all` with the grid's filters and search. */
export function recipientsOf(
  scope: Recipients,
  recordIds: string[],
  matching: GridMatch | null | undefined,
): Pick<TRecordMailRequest, 'record_ids' | 'all' | 'filters' | 'base_filters' | 'filter_id' | 'search'> {
  if (scope !== 'all' || !matching) return { record_ids: recordIds };
  return {
    all: true,
    ...(matching.filters ? { filters: matching.filters } : {}),
    ...(matching.base_filters ? { base_filters: matching.base_filters } : {}),
    ...(matching.filter_id ? { filter_id: matching.filter_id } : {}),
    ...(matching.search ? { search: matching.search } : {}),
  };
}

/**
 * The choice between the selected records and all records matching the grid's filter. More than
 * the server takes at once (MAX_RECORD_MAILS) cannot be chosen, and says how to narrow them.
 */
export function RecipientsChoice({
  value,
  onChange,
  selected,
  matching,
  error,
}: {
  value: Recipients;
  onChange: (value: Recipients) => void;
  selected: number;
  matching: GridMatch;
  error?: string | undefined;
}) {
  const tooMany = matching.capped || matching.total > MAX_RECORD_MAILS;
  const total = matching.total.toLocaleString();
  const what = isNarrowed(matching)
    ? `All ${total} records matching the current filter`
    : `All ${total} records`;
  return (
    <Radio.Group
      label="Recipients"
      value={value}
      onChange={(v) => onChange(v === 'all' ? 'all' : 'selected')}
      error={error}
    >
      <Stack gap={6} mt={6}>
        <Radio value="selected" label={`The ${selected} selected record${selected === 1 ? '' : 's'}`} />
        <Radio
          value="all"
          label={tooMany ? `All ${matching.capped ? 'over ' : ''}${total} matching records` : what}
          disabled={tooMany}
        />
        {tooMany && (
          <Text size="xs" c="dimmed">
            At most {MAX_RECORD_MAILS.toLocaleString()} records are mailed at once: narrow them with a filter
            or a search to send to all of them.
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}

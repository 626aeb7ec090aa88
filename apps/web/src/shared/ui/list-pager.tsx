import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { formatPageRange } from '../format/range';

export type ListPagerProps = {
  page: number;
  limit: number;
  total: number;
  /** From the paged answer; computed from `total` and `limit` when absent. */
  totalPages?: number;
  onPage: (page: number) => void;
  /** Offers these page sizes when given (with `onLimit`). */
  limits?: readonly number[];
  onLimit?: (limit: number) => void;
};

/**
 * The footer of a server-paged list: '11-20 of 42', an optional page-size choice and the page
 * buttons (hidden when everything fits on one page). Renders nothing for an empty list.
 */
export function ListPager({ page, limit, total, totalPages, onPage, limits, onLimit }: ListPagerProps) {
  if (total <= 0) return null;
  const pages = Math.max(totalPages ?? Math.ceil(total / Math.max(limit, 1)), 1);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatPageRange(page, limit, total)}
        </Text>
        {limits && onLimit && (
          <NativeSelect
            size="xs"
            aria-label="Rows per page"
            data={limits.map((value) => ({ value: String(value), label: `${value} per page` }))}
            value={String(limit)}
            onChange={(event) => onLimit(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {pages > 1 && <Pagination value={Math.min(page, pages)} onChange={onPage} total={pages} size="sm" />}
    </Group>
  );
}

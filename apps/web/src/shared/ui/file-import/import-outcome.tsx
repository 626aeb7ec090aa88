import type { ReactNode } from 'react';
import { Badge, Group, Text, ThemeIcon, type MantineSize } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** One count of an import's result: '3 added', '1 skipped'. */
export type ImportCount = { label: string; color: string };

export type ImportOutcomeProps = {
  /** 'Import finished', '2 records imported'. */
  title: ReactNode;
  /** Some rows were left out: orange instead of teal. */
  isPartial?: boolean;
  counts?: ImportCount[];
  /** Before the counts, e.g. '4 of 4 processed'. */
  summary?: ReactNode;
  badgeSize?: MantineSize;
};

/** How an import or a bulk run ended: a check mark and a title, then its counts as badges. */
export function ImportOutcome({
  title,
  isPartial = false,
  counts = [],
  summary,
  badgeSize = 'lg',
}: ImportOutcomeProps) {
  return (
    <>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={isPartial ? 'orange' : 'teal'} variant="light" radius="xl" size="lg">
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
      </Group>
      <ImportCounts counts={counts} summary={summary} badgeSize={badgeSize} />
    </>
  );
}

/** The counts of an import as badges, after an optional line of text. */
export function ImportCounts({
  counts,
  summary,
  badgeSize = 'lg',
}: {
  counts: ImportCount[];
  summary?: ReactNode;
  badgeSize?: MantineSize;
}) {
  if (counts.length === 0 && !summary) return null;
  return (
    <Group gap="sm">
      {summary && (
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
      )}
      {counts.map((count) => (
        <Badge key={count.label} color={count.color} variant="light" size={badgeSize} tt="none">
          {count.label}
        </Badge>
      ))}
    </Group>
  );
}

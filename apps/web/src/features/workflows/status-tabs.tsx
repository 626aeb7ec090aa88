import { ScrollArea, Tabs } from '@mantine/core';

const ALL = 'ALL';

export type StatusTab = { value: string; label: string; count?: number | undefined };

/** Status tabs ("All" first) with the count of each, scrolling sideways on phones. */
export function StatusTabs({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly StatusTab[];
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    // Shrinks within the toolbar's row (min-width 0) and scrolls sideways with a visible bar, so
    // the last tabs are never cut off on a phone.
    <ScrollArea
      type="auto"
      scrollbarSize={6}
      offsetScrollbars="x"
      w="100%"
      style={{ minWidth: 0, maxWidth: '100%' }}
    >
      <Tabs
        value={value || ALL}
        onChange={(next) => next !== null && onChange(next === ALL ? '' : next)}
        variant="pills"
      >
        <Tabs.List aria-label={label} style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value || ALL} value={tab.value || ALL}>
              {tab.label}
              {tab.count !== undefined ? ` (${tab.count})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}

/** The tabs of a status list: "All" (the sum) then each status with its count. */
export function statusTabs<S extends string>(
  labels: Record<S, string>,
  counts: Partial<Record<S, number>> | undefined,
): StatusTab[] {
  const entries = Object.entries(labels) as [S, string][];
  const total = counts ? entries.reduce((sum, [status]) => sum + (counts[status] ?? 0), 0) : undefined;
  return [
    { value: '', label: 'All', count: total },
    ...entries.map(([status, label]) => ({ value: status, label, count: counts?.[status] })),
  ];
}

import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconLink, IconRefresh } from '@tabler/icons-react';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { RelatedRecordsTable } from './related-records-table';
import { useRecordRelationships } from './relationships-api';
import { countOf } from '@esigns/contracts/wording';

export type RelatedRecordsTabsProps = {
  /** The entity of the record whose page this is. */
  entityId: string;
  recordId: string;
};

/**
 * A record's related records (`GET /entities/{id}/relationships-data/{dataId}`): one tab per
 * relationship of its entity, its count in the label, each tab a paged table of the related
 * records with "Add new", "Link existing" and "Unlink".
 */
export function RelatedRecordsTabs({ entityId, recordId }: RelatedRecordsTabsProps) {
  const overview = useRecordRelationships(entityId, recordId);
  const [active, setActive] = useState<string | null>(null);

  if (overview.isPending) return <Skeleton h={160} data-testid="related-records-loading" />;
  if (overview.error)
    return (
      <ErrorAlert>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">Related records could not be loaded: {errorText(overview.error)}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void overview.refetch()}
          >
            Retry
          </Button>
        </Group>
      </ErrorAlert>
    );
  const tabs = overview.data;
  if (tabs.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack align="center" gap={4}>
          <IconLink size={28} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>No related entities</Text>
          <Text size="sm" c="dimmed" ta="center">
            Relate this entity to others in its settings to link records here.
          </Text>
        </Stack>
      </Paper>
    );

  const current = tabs.find((tab) => tab.relationship._id === active) ?? tabs[0]!;
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={current.relationship._id} onChange={setActive} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.relationship._id}
              value={tab.relationship._id}
              rightSection={
                <Badge
                  size="sm"
                  variant="light"
                  circle={tab.total < 10}
                  aria-label={countOf(tab.total, 'record')}
                >
                  {tab.total}
                </Badge>
              }
            >
              {tab.relationship.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.relationship._id} value={tab.relationship._id}>
            <RelatedRecordsTable
              entityId={entityId}
              recordId={recordId}
              relationship={tab.relationship}
              total={tab.total}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconEdit, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format/date';
import { LoadError } from '../../shared/ui/page-kit';
import { useRecord, type TemplateField } from './entities-api';
import { useEntityArea } from './entity-area';
import { RecordValuesView } from './record-values-view';
import { useEntityTemplates } from './use-entity-templates';

/** A record opened from the grid: its values, with links to its page and its edit form. */
export function RecordDrawer({
  entityId,
  recordId,
  onClose,
}: {
  entityId: string;
  recordId: string | null;
  fields: TemplateField[];
  onClose: () => void;
}) {
  const { can, paths } = useEntityArea();
  const record = useRecord(recordId);
  const templates = useEntityTemplates(entityId);
  return (
    <Drawer
      opened={Boolean(recordId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={record.data?.title || 'Record'}
    >
      {record.isLoading ? (
        <Loader size="sm" />
      ) : record.error ? (
        <LoadError
          error={record.error}
          title="The record could not be loaded"
          onRetry={() => void record.refetch()}
        />
      ) : record.data ? (
        <Stack>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Added {formatDate(record.data.created_at)} · changed {formatDate(record.data.updated_at)}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={paths.record(entityId, record.data._id, 'view')}
                leftSection={<IconExternalLink size={14} />}
              >
                Open page
              </Button>
              {can('entity-data:update') && (
                <Button
                  size="xs"
                  component={Link}
                  to={paths.record(entityId, record.data._id, 'edit')}
                  leftSection={<IconEdit size={14} />}
                >
                  Edit
                </Button>
              )}
            </Group>
          </Group>
          <RecordValuesView record={record.data} templates={templates} columns={1} />
        </Stack>
      ) : null}
    </Drawer>
  );
}

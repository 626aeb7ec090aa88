import { Badge, Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { useEntity } from './entities-api';
import { EntityActionsMenu } from './entity-actions-menu';
import { EntityTitleIcon } from './entity-title-icon';
import { excelImportPath } from './excel-import-api';
import { useEntityCustomization } from './use-customization';
import { addRecordPath, entitySettingsPath } from './paths';
import { RecordsGrid } from './records-grid';
import { queryGate } from './query-gate';

/** "12 records" beside an entity's title. */
export function RecordsCountBadge({ count }: { count: number }) {
  return (
    <Badge variant="light" tt="none">
      {count.toLocaleString('en-IN')} record{count === 1 ? '' : 's'}
    </Badge>
  );
}

/** `/entity/{entity_id}`: an entity's records in the data grid. */
export function EntityRecordsScreen() {
  const { entity_id: entityId = '' } = useParams();
  const { can } = useCan();
  const entity = useEntity(entityId);
  const { look, ready, accent } = useEntityCustomization(entityId);
  usePageTitle(entity.data?.name ?? 'Entity');
  const gate = queryGate(entity, 'The entity could not be loaded', 320, Boolean(ready));
  if (gate || !entity.data || !ready) return gate;
  return (
    <PageFrame
      title={look.labels.plural ?? entity.data.name}
      icon={<EntityTitleIcon icon={look.icon} entityIcon={entity.data.icon} accent={accent} />}
      description={entity.data.description || undefined}
      actions={
        <Group gap="xs">
          <RecordsCountBadge count={entity.data.records_count} />
          <EntityActionsMenu entity={entity.data} />
          {can('entities:update') && (
            <Button
              variant="default"
              component={Link}
              to={entitySettingsPath(entityId)}
              leftSection={<IconSettings size={16} />}
            >
              Settings
            </Button>
          )}
          {can('entity-data:create') && (
            <Button
              variant="default"
              component={Link}
              to={excelImportPath(entityId)}
              leftSection={<IconFileSpreadsheet size={16} />}
            >
              Import from Excel
            </Button>
          )}
          {can('entity-data:create') && (
            <Button
              component={Link}
              to={addRecordPath(entityId)}
              leftSection={<IconPlus size={16} />}
              color={accent}
              autoContrast
            >
              {look.buttons.add ?? `Add ${look.labels.singular ?? entity.data.name}`}
            </Button>
          )}
        </Group>
      }
    >
      <RecordsGrid
        entityId={entityId}
        columns={look.list_columns.length > 0 ? look.list_columns : undefined}
        sort={look.default_sort ? [look.default_sort] : undefined}
        pageSize={look.page_size}
        accent={accent}
        keepInUrl
      />
    </PageFrame>
  );
}

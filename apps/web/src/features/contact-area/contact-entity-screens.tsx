import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import { useEntity } from '../entities/entities-api';
import { RecordsCountBadge } from '../entities/entity-records-screen';
import { queryGate } from '../entities/query-gate';
import { RecordFormScreen } from '../entities/record-form-screen';
import { RecordViewScreen } from '../entities/record-view-screen';
import { RecordsGrid } from '../entities/records-grid';
import { EntityAreaProvider } from '../entities/entity-area';
import { EntityViewScreen } from '../entity-views/entity-view-screen';
import {
  CONTACT_ENTITY_PATHS,
  CONTACT_VIEW_AREA,
  ContactEntityArea,
  NoRecordsAccess,
} from './contact-entity-area';

/** An entity's records the contact may read: search, cards on phones, Add as their rule allows. */
function ContactRecords({ entityId, canCreate }: { entityId: string; canCreate: boolean }) {
  const entity = useEntity(entityId);
  usePageTitle(entity.data?.name ?? 'Records');
  const gate = queryGate(entity, 'These records could not be loaded', 320);
  if (gate || !entity.data) return gate;
  return (
    <PageFrame
      title={entity.data.name}
      description={entity.data.description || undefined}
      actions={
        <Group gap="xs">
          <RecordsCountBadge count={entity.data.records_count} />
          {canCreate && (
            <Button
              component={Link}
              to={CONTACT_ENTITY_PATHS.add(entityId)}
              leftSection={<IconPlus size={16} />}
            >
              Add
            </Button>
          )}
        </Group>
      }
    >
      <RecordsGrid entityId={entityId} keepInUrl />
    </PageFrame>
  );
}

/** `/ap/entity/{entity_id}/{menuId}`: the records of an entity the contact's menu opens. */
export function ContactEntityRecordsScreen() {
  const { entity_id: entityId = '' } = useParams();
  return (
    <ContactEntityArea entityId={entityId}>
      {(rule) => <ContactRecords entityId={entityId} canCreate={rule.create} />}
    </ContactEntityArea>
  );
}

/**
 * `/ap/entity-view/{entity_id}`: a record (`?dataId=`) with the edit and delete buttons the
 * contact's rule allows, or without a record the entity's records (its default view).
 */
export function ContactEntityViewScreen() {
  const { entity_id: entityId = '' } = useParams();
  const recordId = useSearchParams()[0].get('dataId');
  return (
    <ContactEntityArea entityId={entityId}>
      {(rule) =>
        recordId ? <RecordViewScreen /> : <ContactRecords entityId={entityId} canCreate={rule.create} />
      }
    </ContactEntityArea>
  );
}

/** `/ap/entity-execute/{entity_id}`: add a record (`create`) or edit one (`?dataId=`, `update`). */
export function ContactEntityExecuteScreen() {
  const { entity_id: entityId = '' } = useParams();
  const recordId = useSearchParams()[0].get('dataId');
  return (
    <ContactEntityArea entityId={entityId}>
      {(rule) => ((recordId ? rule.update : rule.create) ? <RecordFormScreen /> : <NoRecordsAccess />)}
    </ContactEntityArea>
  );
}

/** `/ap/entity-views/view/{entity_view_id}`: a view the contact's menu shows, read only. */
export function ContactEntityViewsScreen() {
  return (
    <EntityAreaProvider area={CONTACT_VIEW_AREA}>
      <EntityViewScreen />
    </EntityAreaProvider>
  );
}

import { useState } from 'react';
import { Menu } from '@mantine/core';
import { IconBell, IconBuilding, IconTable, IconUserPlus } from '@tabler/icons-react';
import type { TEntity } from '@esigns/contracts/entities';
import { useCan } from '../../shared/permissions/use-can';
import { DataTableRowsDialog } from './data-table-rows-dialog';
import { useTemplateFields } from './entities-api';
import { FindCompanyDialog, PersonRecordDialog } from './find-or-add-dialogs';
import { NotifyDialog } from './notify-dialog';
import { MoreMenu } from './record-actions-menu';

type Dialog = 'notify' | 'rows' | 'company' | 'person' | null;

/**
 * The records screen's "More" menu: notify people about the entity, the rows of its data tables,
 * find or add a company (BUSINESS entities), add a person's record (entities with an email field).
 * Nothing shows when none of them applies.
 */
export function EntityActionsMenu({ entity }: { entity: TEntity }) {
  const { can } = useCan();
  const fields = useTemplateFields(entity._id).data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tables = fields.filter((f) => f.type === 'DATA_TABLE');
  const items = {
    notify: can('notifications:send'),
    rows: tables.length > 0,
    company: entity.entity_type === 'BUSINESS' && can('entity-data:create'),
    person: can('entity-data:create') && fields.some((f) => f.is_primary && f.type === 'EMAIL'),
  };
  if (!Object.values(items).some(Boolean)) return null;
  const dialogProps = { onClose: close, entityId: entity._id, entityName: entity.name };
  return (
    <>
      <MoreMenu>
        {items.company && (
          <Menu.Item leftSection={<IconBuilding size={16} />} onClick={() => setDialog('company')}>
            Find or add a company
          </Menu.Item>
        )}
        {items.person && (
          <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('person')}>
            Add a user or contact
          </Menu.Item>
        )}
        {items.rows && (
          <Menu.Item leftSection={<IconTable size={16} />} onClick={() => setDialog('rows')}>
            Table rows across records
          </Menu.Item>
        )}
        {items.notify && (
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setDialog('notify')}>
            Notify people about {entity.name}
          </Menu.Item>
        )}
      </MoreMenu>
      {items.notify && (
        <NotifyDialog
          opened={dialog === 'notify'}
          onClose={close}
          entityId={entity._id}
          recordIds={null}
          what={entity.name}
        />
      )}
      {items.rows && (
        <DataTableRowsDialog
          opened={dialog === 'rows'}
          onClose={close}
          entityId={entity._id}
          fields={tables}
        />
      )}
      {items.company && <FindCompanyDialog opened={dialog === 'company'} {...dialogProps} />}
      {items.person && <PersonRecordDialog opened={dialog === 'person'} {...dialogProps} />}
    </>
  );
}

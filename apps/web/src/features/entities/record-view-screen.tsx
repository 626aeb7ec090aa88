import { useState, type ReactNode } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Skeleton, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundScreen } from '../../app/screens/not-found-screen';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ConfirmDialog, LoadError, PageFrame, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, deleteRecords, duplicateRecords, useEntity, useRecord } from './entities-api';
import { useEntityArea } from './entity-area';
import { RelatedRecordsTabs } from '../relationships';
import { CompanyContacts } from './company-contacts';
import { RecordActionsMenu } from './record-actions-menu';
import { RecordActivityTab } from './record-activity-tab';
import { RecordDocuments } from './record-documents';
import { RecordFilesTab } from './record-files-tab';
import { RecordValuesView } from './record-values-view';
import { RepeatableEntries } from './repeatable-entries';
import { EntityTitleIcon } from './entity-title-icon';
import { useEntityCustomization } from './use-customization';
import { useEntityTemplates } from './use-entity-templates';

type RecordTabView = { value: string; label: string; panel: ReactNode };

/**
 * The record page's tabs in the order of the entity's customization (`record_tabs`, DETAILS first;
 * tabs it leaves out are not shown). The tabs the customization does not name keep their places:
 * repeatable templates' tabs right after RELATIONSHIPS (right after DETAILS when that is not
 * shown), the company's Contacts tab last.
 */
export function orderRecordTabs(
  configured: readonly string[],
  tabs: Partial<Record<'DETAILS' | 'RELATIONSHIPS' | 'DOCUMENTS' | 'FILES' | 'ACTIVITY', RecordTabView>>,
  repeatables: RecordTabView[],
  contacts: RecordTabView | null,
): RecordTabView[] {
  const named = ['DETAILS', ...configured.filter((t) => t !== 'DETAILS')] as (keyof typeof tabs)[];
  const ordered: RecordTabView[] = [];
  for (const name of named) {
    const tab = tabs[name];
    if (tab) ordered.push(tab);
    if (name === 'RELATIONSHIPS') ordered.push(...repeatables);
  }
  if (!named.includes('RELATIONSHIPS')) ordered.splice(1, 0, ...repeatables);
  if (contacts) ordered.push(contacts);
  return ordered;
}

/**
 * A record's page (`/entity/{id}/view?dataId=`, `/entity_data_view/{id}[/{template_code}]?dataId=`):
 * its values template by template, then the tabs the entity's customization shows (related
 * records, documents, files, activity), line items and contacts, and its actions.
 */
export function RecordViewScreen() {
  const { entity_id: entityId = '', template_code: templateCode } = useParams();
  const [params] = useSearchParams();
  const recordId = params.get('dataId') ?? '';
  const { can, paths, isStaff } = useEntityArea();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entity = useEntity(entityId);
  const { look, accent } = useEntityCustomization(entityId);
  const record = useRecord(recordId || null);
  const allTemplates = useEntityTemplates(entityId);
  const templates = allTemplates.filter(
    (t) => !t.is_repeatable && (!templateCode || t.code === templateCode),
  );
  const repeatables = allTemplates.filter((t) => t.is_repeatable);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  usePageTitle(record.data?.title || 'Record');

  const loadError = entity.error ?? record.error;
  if (!recordId)
    return (
      <LoadError
        error={new Error('No record was chosen')}
        title="No record"
        onRetry={() => void navigate(paths.list(entityId))}
      />
    );
  // Unknown, another company's, or (in the contact area) someone else's record: the server says
  // 404 for all, and there is nothing to retry.
  if (isApiError(record.error) && record.error.status === 404)
    return <NotFoundScreen homeTo={paths.list(entityId)} homeLabel="Back to the records" />;
  if (loadError)
    return (
      <LoadError
        error={loadError}
        title="The record could not be loaded"
        onRetry={() => void record.refetch()}
      />
    );
  if (!entity.data || !record.data) return <Skeleton h={320} />;
  const isCompany = entity.data.entity_type === 'BUSINESS';

  const remove = async () => {
    try {
      await deleteRecords(entityId, [recordId]);
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all });
      notifications.show({ color: 'teal', message: 'Record deleted' });
      void navigate(paths.list(entityId));
    } catch (err) {
      setError(err);
    }
  };
  const duplicate = async () => {
    try {
      await duplicateRecords(entityId, [recordId]);
      // The entity too: its record count changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) }),
        queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.one(entityId) }),
      ]);
      notifications.show({ color: 'teal', message: 'Record copied' });
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  };

  // The contact area shows the record's values only: the other tabs are the company's own work.
  const tabs = orderRecordTabs(
    isStaff ? look.record_tabs : ['DETAILS'],
    {
      DETAILS: {
        value: 'details',
        label: 'Details',
        panel: <RecordValuesView record={record.data} templates={templates} />,
      },
      RELATIONSHIPS: {
        value: 'related',
        label: 'Related records',
        panel: <RelatedRecordsTabs entityId={entityId} recordId={recordId} />,
      },
      DOCUMENTS: {
        value: 'documents',
        label: 'Documents',
        panel: <RecordDocuments entityId={entityId} recordId={recordId} />,
      },
      FILES: {
        value: 'files',
        label: 'Files',
        panel: <RecordFilesTab recordId={recordId} values={record.data.values} templates={allTemplates} />,
      },
      ACTIVITY: {
        value: 'activity',
        label: 'Activity',
        panel: <RecordActivityTab recordId={recordId} accent={accent} />,
      },
    },
    repeatables.map((t) => ({
      value: t._id,
      label: t.name,
      panel: <RepeatableEntries entityId={entityId} recordId={recordId} template={t} />,
    })),
    isCompany && isStaff
      ? { value: 'contacts', label: 'Contacts', panel: <CompanyContacts recordId={recordId} /> }
      : null,
  );

  return (
    <PageFrame
      title={record.data.title || entity.data.name}
      icon={<EntityTitleIcon icon={look.icon} entityIcon={entity.data.icon} accent={accent} />}
      description={
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={paths.list(entityId)}>
            {entity.data.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            added {formatDate(record.data.created_at)}, changed {formatDate(record.data.updated_at)}
          </Text>
        </Breadcrumbs>
      }
      actions={
        <Group gap="xs">
          {isStaff && (
            <RecordActionsMenu
              entityId={entityId}
              entityName={entity.data.name}
              recordId={recordId}
              title={record.data.title}
            />
          )}
          {isStaff && can('entity-data:create') && (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void duplicate()}>
              Duplicate
            </Button>
          )}
          {can('entity-data:delete') && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              {look.buttons.delete ?? 'Delete'}
            </Button>
          )}
          {can('entity-data:update') && (
            <Button
              component={Link}
              to={paths.record(entityId, recordId, 'edit')}
              leftSection={<IconEdit size={16} />}
              color={accent}
              autoContrast
            >
              {look.buttons.edit ?? 'Edit'}
            </Button>
          )}
        </Group>
      }
    >
      <Tabs defaultValue="details" keepMounted={false} color={accent}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ConfirmDialog
        opened={confirming}
        title={`Delete ${record.data.title || 'this record'}?`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
        error={error}
      >
        Its links to related records go with it. This cannot be undone.
      </ConfirmDialog>
    </PageFrame>
  );
}

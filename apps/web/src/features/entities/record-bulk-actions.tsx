import { useState } from 'react';
import { Button, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AppDialog } from '../../shared/ui/app-dialog';
import { FieldInput } from '../form-templates/renderer/field-input';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useEntityArea } from './entity-area';
import {
  ENTITY_KEYS,
  bulkUpdateRecords,
  deleteRecords,
  duplicateRecords,
  type TemplateField,
} from './entities-api';
import { SelectionBar } from './grid-toolbar';
import { RecordSelectionActions } from './record-actions-menu';
import { fieldOfTemplate, useEntityTemplates } from './use-entity-templates';
import { countOf } from '@esigns/contracts/wording';

/** What can be done to the selected records: set a field, duplicate, delete (as permissions allow). */
export function RecordBulkActions({
  entityId,
  ids,
  fields,
  onDone,
}: {
  entityId: string;
  ids: string[];
  fields: TemplateField[];
  onDone: () => void;
}) {
  const { can } = useEntityArea();
  const queryClient = useQueryClient();
  const templates = useEntityTemplates(entityId);
  const [dialog, setDialog] = useState<'delete' | 'edit' | null>(null);
  const [ref, setRef] = useState<string | null>(null);
  const [value, setValue] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setPending(true);
    setError(null);
    try {
      const message = await work();
      // The entity too: deleting or duplicating changes its record count.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) }),
        queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.one(entityId) }),
      ]);
      notifications.show({ color: 'teal', message });
      setDialog(null);
      onDone();
    } catch (err) {
      setError(err);
      if (!dialog) notifications.show({ color: 'red', message: errorText(err) });
    } finally {
      setPending(false);
    }
  };

  const field = fields.find((f) => f.ref === ref);
  const formField = field ? fieldOfTemplate(templates, field) : undefined;
  const editable = fields.filter(
    (f) =>
      !['AUTO_INCREMENT', 'FORMULA', 'AGGREGATE', 'GLOBAL_VARIABLE', 'SIGNATURE', 'DATA_TABLE'].includes(
        f.type,
      ),
  );

  return (
    <>
      <SelectionBar
        count={ids.length}
        onClear={onDone}
        onBulkEdit={can('entity-data:bulk-update') ? () => setDialog('edit') : undefined}
        onDuplicate={
          can('entity-data:bulk-update')
            ? () => void run(async () => `${await duplicateRecords(entityId, ids)} records copied`)
            : undefined
        }
        onDelete={can('entity-data:delete') ? () => setDialog('delete') : undefined}
        extra={<RecordSelectionActions entityId={entityId} ids={ids} />}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={`Delete ${countOf(ids.length, 'record')}?`}
        confirmLabel="Delete"
        onConfirm={() =>
          void run(async () => `${countOf(await deleteRecords(entityId, ids), 'record')} deleted`)
        }
        onClose={() => setDialog(null)}
        isPending={pending}
        error={error}
      >
        Their links to related records go with them. This cannot be undone.
      </ConfirmDialog>
      <AppDialog
        opened={dialog === 'edit'}
        onClose={() => setDialog(null)}
        title={`Set a field on ${countOf(ids.length, 'record')}`}
        size="md"
        footer={
          <>
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              loading={pending}
              disabled={!field}
              onClick={() =>
                field &&
                void run(
                  async () =>
                    `${countOf(await bulkUpdateRecords(entityId, ids, { [field.template_id]: { [field.key]: value } }), 'record')} updated`,
                )
              }
            >
              Apply
            </Button>
          </>
        }
      >
        <Stack>
          {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
          <Select
            label="Field"
            searchable
            data={editable.map((f) => ({ value: f.ref, label: `${f.label} (${f.template_name})` }))}
            value={ref}
            onChange={(next) => {
              setRef(next);
              setValue(null);
            }}
          />
          {formField && <FieldInput field={formField} value={value} onChange={setValue} />}
        </Stack>
      </AppDialog>
    </>
  );
}

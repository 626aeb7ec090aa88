import { useState } from 'react';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DATE_FORMATS } from '@esigns/contracts/settings';
import { userDateFormat } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { saveBlob } from '../signing/signing-api';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { fetchTemplates } from '../templates/templates-api';
import { printRecords } from './record-actions-api';
import { DialogButtons } from '../../shared/ui/form-dialog';

/** The user's date format when the server prints it too; else the server's default. */
function printDateFormat(): string | undefined {
  const format = userDateFormat();
  return (DATE_FORMATS as readonly string[]).includes(format) ? format : undefined;
}

/**
 * "Print": records as one PDF, opened in a new tab for the browser to print (downloaded when the
 * browser blocks the tab). A record sheet (every field and value), or a document template filled
 * from each record.
 */
export function PrintDialog({
  opened,
  onClose,
  entityId,
  recordIds,
  fileName,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordIds: string[];
  fileName: string;
}) {
  const [mode, setMode] = useState<'sheet' | 'template'>('sheet');
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const templates = useQuery({
    queryKey: ['templates', 'print-picker', debounced],
    queryFn: ({ signal }) =>
      fetchTemplates({ page: 1, limit: 50, search: debounced, status: 'ACTIVE' }, signal),
    enabled: opened && mode === 'template',
  });
  const print = useMutation({
    mutationFn: async () => {
      // Opened now, while the click still counts as the user's: a tab opened after the wait is blocked.
      const tab = window.open('', '_blank');
      try {
        const blob = await printRecords({
          entity_id: entityId,
          entity_data_ids: recordIds,
          ...(mode === 'template' && documentId ? { document_id: documentId } : {}),
          date_format: printDateFormat(),
        });
        if (tab) tab.location.href = URL.createObjectURL(blob);
        else saveBlob(blob, fileName);
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
    onSuccess: onClose,
  });

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={`Print ${recordIds.length === 1 ? 'record' : `${recordIds.length} records`}`}
      size="md"
      footer={
        <DialogButtons
          onCancel={onClose}
          isPending={print.isPending}
          confirmLabel="Print"
          isConfirmDisabled={mode === 'template' && !documentId}
          onConfirm={() => print.mutate()}
        />
      }
    >
      <Stack>
        {print.error ? <ErrorAlert>{errorText(print.error)}</ErrorAlert> : null}
        <SegmentedControl
          value={mode}
          onChange={(next) => setMode(next as 'sheet' | 'template')}
          data={[
            { value: 'sheet', label: 'Record sheet' },
            { value: 'template', label: 'Document template' },
          ]}
        />
        {mode === 'sheet' ? (
          <Text size="sm" c="dimmed">
            Each record on its own page: every template with its fields and values.
          </Text>
        ) : (
          <Select
            label="Document template"
            description="One copy per record; its fields take the record's values of the same key or label."
            placeholder="Search templates"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={(templates.data?.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={documentId}
            onChange={setDocumentId}
            nothingFoundMessage={templates.isFetching ? 'Loading…' : 'No templates'}
            filter={({ options }) => options}
          />
        )}
      </Stack>
    </AppDialog>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TExcelHeaders, TImportJob, TImportMapping } from '@esigns/contracts/entity-import';
import { isApiError } from '../../shared/api/api-error';
import { RejectedRowsTable } from '../../shared/ui/file-import/rejected-rows-table';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { TemplateField } from './entities-api';
import { count, refusedRows, startImport } from './excel-import-api';
import { MappingTable } from './excel-import-mapping-table';
import { SavedMappings } from './excel-import-saved-mappings';

/**
 * The mapping of one sheet: a saved mapping to start from, each column's field, "save as", skip
 * rows with problems or not, and the start of the import job.
 */
export function MappingForm({
  entityId,
  uploadId,
  sheetName,
  sheet,
  fields,
  onStarted,
}: {
  entityId: string;
  uploadId: string;
  sheetName: string;
  sheet: TExcelHeaders;
  fields: TemplateField[];
  onStarted: (job: TImportJob) => void;
}) {
  const [mapping, setMapping] = useState<TImportMapping>(sheet.mapping);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [saveAs, setSaveAs] = useState('');
  const start = useMutation({
    mutationFn: () =>
      startImport({
        upload_id: uploadId,
        sheet: sheetName,
        mapping,
        skip_invalid: skipInvalid,
        save_mapping_as: saveAs.trim() || undefined,
      }),
    onSuccess: onStarted,
  });
  const columnOf = useMemo(() => {
    const byRef = new Map(Object.entries(mapping).map(([header, ref]) => [ref, header]));
    return (ref: string) => byRef.get(ref) ?? null;
  }, [mapping]);

  const mapped = Object.values(mapping).filter(Boolean).length;
  const errors = isApiError(start.error) ? start.error.fieldErrors : {};
  const refused = refusedRows(start.error, columnOf);
  const isMappingProblem = Object.keys(errors).some((key) => key.startsWith('mapping.'));

  return (
    <Stack gap="md">
      <SavedMappings
        entityId={entityId}
        headers={sheet.headers}
        mapping={mapping}
        onApply={setMapping}
        saveAs={saveAs}
        onSaveAs={setSaveAs}
      />
      <Text size="sm" c="dimmed">
        Choose the field each column fills ({mapped} of {count(sheet.headers.length, 'column')} mapped).
        Fields marked * are required. Files, images and computed fields cannot come from a spreadsheet.
      </Text>
      <MappingTable sheet={sheet} fields={fields} mapping={mapping} onChange={setMapping} errors={errors} />
      <Checkbox
        label="Skip rows with problems"
        description="Import the rows that are fine and list the others. Otherwise nothing is imported while a row has a problem."
        checked={skipInvalid}
        onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
      />
      {refused ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title={refused.message}>
          <RejectedRowsTable rows={refused.problems} label="Row problems" showColumn maxHeight={360} />
        </Alert>
      ) : (
        start.error && !isMappingProblem && <ErrorAlert>{errorText(start.error)}</ErrorAlert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={mapped === 0}
          leftSection={<IconFileSpreadsheet size={16} />}
        >
          Import {count(sheet.row_count, 'row')}
        </Button>
      </Group>
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ENTITY_IMPORT_MAX_BYTES,
  ENTITY_IMPORT_MAX_ROWS,
  isImportableFieldType,
  type TExcelHeaders,
  type TImportCell,
  type TImportMapping,
  type TImportResult,
} from '@esigns/contracts/entity-import';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { ImportOutcome } from '../../shared/ui/file-import/import-outcome';
import { RejectedRowsTable } from '../../shared/ui/file-import/rejected-rows-table';
import { ErrorAlert, LoadError, NoAccess, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { ENTITY_KEYS, useEntity, useTemplateFields, type TemplateField } from './entities-api';
import {
  SPREADSHEET_ACCEPT,
  importExcelData,
  importFileProblem,
  readExcelHeaders,
  refusedRows,
} from './excel-import-api';
import { entityPath } from './paths';

const SKIP = '__skip__';
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

const cellText = (cell: TImportCell): string =>
  cell === null ? '' : typeof cell === 'boolean' ? (cell ? 'Yes' : 'No') : String(cell);

/** A few values of a column, as a hint of what it holds. */
function sampleOf(sheet: TExcelHeaders, index: number): string {
  const values = sheet.sample
    .map((row) => cellText(row[index] ?? null))
    .filter(Boolean)
    .slice(0, 3);
  return values.map((v) => (v.length > 30 ? `${v.slice(0, 30)}…` : v)).join(' · ');
}

/** The fields a column can fill, by template when the entity has several. */
function fieldOptions(fields: TemplateField[], taken: Set<string>, own: string | null) {
  const importable = fields.filter((f) => isImportableFieldType(f.type));
  const item = (f: TemplateField) => ({
    value: f.ref,
    label: f.required ? `${f.label} *` : f.label,
    disabled: taken.has(f.ref) && f.ref !== own,
  });
  const groups = [...new Set(importable.map((f) => f.template_name))];
  const skip = { value: SKIP, label: 'Do not import' };
  if (groups.length <= 1) return [skip, ...importable.map(item)];
  return [
    { group: 'Skip', items: [skip] },
    ...groups.map((group) => ({
      group,
      items: importable.filter((f) => f.template_name === group).map(item),
    })),
  ];
}

/**
 * `/entity/{entity_id}/excel/add`: records from an Excel or CSV file. Upload (the file's columns
 * are read and matched to fields), map (each column to a field or "Do not import"; skip rows with
 * problems or not), import, then the result with the rows that were left out.
 */
export function ExcelImportScreen() {
  const { entity_id: entityId = '' } = useParams();
  const queryClient = useQueryClient();
  const { can, isLoading: permissionsLoading } = useCan();
  const entity = useEntity(entityId);
  const fields = useTemplateFields(entityId);
  usePageTitle(entity.data ? `Import ${entity.data.name}` : 'Import entity records');

  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [sheet, setSheet] = useState<TExcelHeaders | null>(null);
  const [mapping, setMapping] = useState<TImportMapping>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<TImportResult | null>(null);

  const read = useMutation({
    mutationFn: (chosen: File) => readExcelHeaders(entityId, chosen),
    onSuccess: (answer) => {
      setSheet(answer);
      setMapping(answer.mapping);
    },
  });
  const run = useMutation({
    mutationFn: () => importExcelData(entityId, file!, mapping, skipInvalid),
    onSuccess: (answer) => {
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) });
      void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.one(entityId) });
    },
  });

  const columnOf = useMemo(() => {
    const byRef = new Map(Object.entries(mapping).map(([header, ref]) => [ref, header]));
    return (ref: string) => byRef.get(ref) ?? null;
  }, [mapping]);

  if (entity.error)
    return (
      <LoadError
        error={entity.error}
        title="The entity could not be loaded"
        onRetry={() => void entity.refetch()}
      />
    );
  if (!permissionsLoading && !can('entity-data:create'))
    return <NoAccess title="Import records">You cannot add records to this entity.</NoAccess>;
  if (!entity.data) return <Skeleton h={320} />;

  const choose = (chosen: File) => {
    const problem = importFileProblem(chosen);
    setFileProblem(problem);
    setFile(chosen);
    read.reset();
    if (!problem) read.mutate(chosen);
  };
  const restart = () => {
    setFile(null);
    setFileProblem(null);
    setSheet(null);
    setMapping({});
    setResult(null);
    read.reset();
    run.reset();
  };

  const step = result ? 2 : sheet ? 1 : 0;
  const readError = fileProblem ?? (isApiError(read.error) ? read.error.fieldErrors.file : undefined);
  const refused = refusedRows(run.error, columnOf);
  const runFieldErrors = isApiError(run.error) ? run.error.fieldErrors : {};
  const mapped = Object.values(mapping).filter(Boolean).length;
  const taken = new Set(Object.values(mapping).filter((ref): ref is string => Boolean(ref)));
  const recordsLink = (
    <Button
      component={Link}
      to={entityPath(entityId)}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Back to {entity.data.name} records
    </Button>
  );

  return (
    <PageFrame
      title="Import records from Excel"
      description={`Add records to ${entity.data.name} from an Excel (.xlsx) or CSV file.`}
      actions={step === 2 ? undefined : recordsLink}
    >
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Upload" description="Excel or CSV file" />
        <Stepper.Step label="Map columns" description="Columns to fields" />
        <Stepper.Step label="Result" description="Imported and skipped rows" />
      </Stepper>

      {step === 0 && (
        <Panel>
          <Stack gap="md">
            <FileDropZone
              multiple={false}
              accept={SPREADSHEET_ACCEPT}
              disabled={read.isPending}
              title="Drop an Excel or CSV file here"
              hint={
                `The first row names the columns; each row below it becomes a record. Only the first sheet ` +
                `is read; up to ${ENTITY_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows and ` +
                `${ENTITY_IMPORT_MAX_BYTES / 1024 / 1024} MB.`
              }
              buttonLabel="Choose a file"
              inputLabel="Choose a spreadsheet"
              icon={<IconFileSpreadsheet size={26} />}
              onFiles={([chosen]) => chosen && choose(chosen)}
            />
            {read.isPending && (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">Reading {file?.name}…</Text>
              </Group>
            )}
            {readError && (
              <Alert color="red" icon={<IconAlertTriangle size={16} />} title={file?.name}>
                {readError}
              </Alert>
            )}
            {read.error && !readError && <ErrorAlert>{errorText(read.error)}</ErrorAlert>}
          </Stack>
        </Panel>
      )}

      {step === 1 && sheet && (
        <Panel>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <IconFileSpreadsheet size={20} />
                <Text fw={600}>{file?.name}</Text>
                <Badge variant="light" tt="none">
                  {count(sheet.row_count, 'row')}
                </Badge>
                <Badge variant="light" color="gray" tt="none">
                  {mapped} of {count(sheet.headers.length, 'column')} mapped
                </Badge>
              </Group>
              <Button variant="subtle" onClick={restart} disabled={run.isPending}>
                Choose another file
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Choose the field each column fills. Columns were matched to fields of the same name; fields
              marked * are required. Files, images and computed fields cannot come from a spreadsheet.
            </Text>
            <ScrollArea.Autosize mah={520}>
              <Table verticalSpacing="xs" aria-label="Columns and fields">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Sample values</Table.Th>
                    <Table.Th w={300}>Field</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sheet.headers.map((header, index) => {
                    const own = mapping[header] ?? null;
                    return (
                      <Table.Tr key={header}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {header}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {sampleOf(sheet, index) || 'empty'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={`Field for ${header}`}
                            data={fieldOptions(fields.data ?? [], taken, own)}
                            value={own ?? SKIP}
                            onChange={(next) =>
                              setMapping((m) => ({ ...m, [header]: next && next !== SKIP ? next : null }))
                            }
                            allowDeselect={false}
                            searchable
                            error={runFieldErrors[`mapping.${header}`]}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Checkbox
              label="Skip rows with problems"
              description="Import the rows that are fine and list the others. Otherwise nothing is imported while a row has a problem."
              checked={skipInvalid}
              onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
            />
            {refused ? (
              <Alert color="red" icon={<IconAlertTriangle size={16} />} title={refused.message}>
                <Stack gap="xs">
                  <Text size="sm">
                    Correct these rows in the file and choose it again, or tick “Skip rows with problems”.
                  </Text>
                  <RejectedRowsTable
                    rows={refused.problems}
                    label="Row problems"
                    showColumn
                    maxHeight={360}
                  />
                </Stack>
              </Alert>
            ) : (
              run.error &&
              !Object.keys(runFieldErrors).some((key) => key.startsWith('mapping.')) && (
                <ErrorAlert>{errorText(run.error)}</ErrorAlert>
              )
            )}
            <Group justify="flex-end">
              {run.isPending && (
                <Text size="sm" c="dimmed">
                  Importing… a large file can take a minute.
                </Text>
              )}
              <Button
                onClick={() => run.mutate()}
                loading={run.isPending}
                disabled={mapped === 0}
                leftSection={<IconFileSpreadsheet size={16} />}
              >
                Import {count(sheet.row_count, 'row')}
              </Button>
            </Group>
          </Stack>
        </Panel>
      )}

      {step === 2 && result && (
        <Panel>
          <Stack gap="md">
            <ImportOutcome
              title={`${count(result.inserted, 'record')} imported`}
              isPartial={result.skipped > 0}
              counts={
                result.skipped > 0
                  ? [{ label: `${count(result.skipped, 'row')} skipped`, color: 'orange' }]
                  : []
              }
            />
            {result.errors.length > 0 && (
              <Paper withBorder p="sm">
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    Rows left out
                    {result.errors_total > result.errors.length &&
                      ` (the first ${result.errors.length} of ${count(result.errors_total, 'problem')})`}
                  </Text>
                  <RejectedRowsTable rows={result.errors} label="Skipped rows" showColumn maxHeight={360} />
                </Stack>
              </Paper>
            )}
            <Group>
              {recordsLink}
              <Button variant="light" onClick={restart}>
                Import another file
              </Button>
            </Group>
          </Stack>
        </Panel>
      )}
    </PageFrame>
  );
}

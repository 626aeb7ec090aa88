import { useState } from 'react';
import { Button, Divider, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { manifestFromSheets, type TInstallResult } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { createApp, installApp, readWorkbook } from './apps-api';
import { AppsNav } from './apps-nav';
import { SheetReview, reviewedFields, toReviewed, type ReviewedSheet } from './excel-sheet-review';

/**
 * /apps/create-from-excel: a workbook's sheets become entities (fields inferred from the columns)
 * and their rows records. The person reviews names, fields and types before anything is created;
 * then the app is made and installed here in one transaction.
 */
export function ExcelScreen() {
  usePageTitle('Create app from Excel');
  const [sheets, setSheets] = useState<ReviewedSheet[] | null>(null);
  const [name, setName] = useState('');
  const read = useMutation({
    mutationFn: readWorkbook,
    onSuccess: (data, file) => {
      setSheets(data.map(toReviewed));
      setName(file.name.replace(/\.(xlsx|csv)$/i, ''));
    },
  });
  const build = useMutation({
    mutationFn: async (): Promise<TInstallResult> => {
      const chosen = (sheets ?? []).filter((s) => s.include).map(reviewedFields);
      const app = await createApp({
        manifest: manifestFromSheets({ name: name || 'From Excel', version: '1.0.0' }, chosen),
      });
      return installApp(app._id, true);
    },
  });
  const included = sheets?.filter((s) => s.include).length ?? 0;
  return (
    <PageFrame
      title="Create app from Excel"
      description="Each sheet becomes an entity with fields inferred from its columns, and its rows become records."
      actions={<AppsNav current="/apps/create-from-excel" />}
    >
      <Panel>
        <Stack gap="md" p="md">
          <Group>
            <FileButton
              onChange={(f) => f && (build.reset(), read.mutate(f))}
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            >
              {(props) => (
                <Button
                  {...props}
                  loading={read.isPending}
                  variant={sheets ? 'default' : 'filled'}
                  data-testid="choose-workbook"
                >
                  {sheets ? 'Choose another workbook' : 'Choose a workbook'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              XLSX or CSV, up to 10 MB; the first row of each sheet names the columns.
            </Text>
          </Group>
          {read.isError && <ErrorAlert>{errorText(read.error)}</ErrorAlert>}
          {sheets && !build.data && (
            <>
              <TextInput
                label="App name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maw={420}
              />
              {sheets.map((sheet, i) => (
                <Stack key={sheet.sheet} gap="xs">
                  <Divider />
                  <SheetReview
                    sheet={sheet}
                    onChange={(next) => setSheets(sheets.map((s, j) => (j === i ? next : s)))}
                  />
                </Stack>
              ))}
              {build.isError && <ErrorAlert>{errorText(build.error)}</ErrorAlert>}
              <Group>
                <Button
                  onClick={() => build.mutate()}
                  loading={build.isPending}
                  disabled={included === 0}
                  data-testid="create-from-excel"
                >
                  {`Create ${included} ${included === 1 ? 'entity' : 'entities'} with their records`}
                </Button>
              </Group>
            </>
          )}
          {build.data && (
            <Text data-testid="excel-created">{`Created: ${Object.keys(build.data.created).filter((k) => k.startsWith('@entity:')).length} entities and ${build.data.records_created} records. Open them under Entities.`}</Text>
          )}
        </Stack>
      </Panel>
    </PageFrame>
  );
}

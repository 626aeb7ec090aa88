import { useState } from 'react';
import { Badge, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TImportJob, TStoredUpload } from '@esigns/contracts/entity-import';
import { LoadError } from '../../shared/ui/page-kit';
import type { TemplateField } from './entities-api';
import { IMPORT_KEYS, count, readSheetHeaders } from './excel-import-api';
import { MappingForm } from './excel-import-mapping-form';

/**
 * Step two: the stored file, the sheet to import (a workbook's any sheet), then the columns of
 * that sheet mapped to fields.
 */
export function MapStep({
  entityId,
  upload,
  fields,
  onStarted,
  onRestart,
}: {
  entityId: string;
  upload: TStoredUpload;
  fields: TemplateField[];
  onStarted: (job: TImportJob) => void;
  onRestart: () => void;
}) {
  const [sheet, setSheet] = useState(upload.sheets[0]?.name ?? '');
  const headers = useQuery({
    queryKey: IMPORT_KEYS.headers(upload._id, sheet),
    queryFn: () => readSheetHeaders(upload._id, sheet),
    staleTime: Infinity,
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <IconFileSpreadsheet size={20} />
          <Text fw={600}>{upload.file_name}</Text>
          {headers.data && (
            <>
              <Badge variant="light" tt="none">
                {count(headers.data.row_count, 'row')}
              </Badge>
              <Badge variant="light" color="gray" tt="none">
                {count(headers.data.headers.length, 'column')}
              </Badge>
            </>
          )}
        </Group>
        <Button variant="subtle" onClick={onRestart}>
          Choose another file
        </Button>
      </Group>
      {upload.sheets.length > 1 && (
        <Select
          label="Sheet"
          description="Each sheet of the workbook can be imported; choose the one with the records."
          data={upload.sheets.map((s) => ({
            value: s.name,
            label: `${s.name} (${count(s.row_count, 'row')})`,
          }))}
          value={sheet}
          onChange={(next) => next && setSheet(next)}
          allowDeselect={false}
          maw={420}
        />
      )}
      {headers.isPending ? (
        <Skeleton h={240} />
      ) : headers.error ? (
        <LoadError
          error={headers.error}
          title="The sheet could not be read"
          onRetry={() => void headers.refetch()}
        />
      ) : (
        <MappingForm
          key={`${upload._id}:${sheet}`}
          entityId={entityId}
          uploadId={upload._id}
          sheetName={sheet}
          sheet={headers.data}
          fields={fields}
          onStarted={onStarted}
        />
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Box, Button, Skeleton, Stepper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TImportJob, TStoredUpload } from '@esigns/contracts/entity-import';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { LoadError, NoAccess, PageFrame, Panel } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { ENTITY_KEYS, useEntity, useTemplateFields } from './entities-api';
import { IMPORT_KEYS } from './excel-import-api';
import { ImportJobStep } from './excel-import-job';
import { MapStep } from './excel-import-map-step';
import { UploadStep } from './excel-import-upload';
import { entityPath } from './paths';

/**
 * `/entity/{entity_id}/excel/add`: records from an Excel or CSV file. Upload (the file is stored
 * for a few days; a recent upload can be picked instead), choose the sheet and map its columns
 * (start from a saved mapping, save this one), then the import job with its progress and result.
 */
export function ExcelImportScreen() {
  const { entity_id: entityId = '' } = useParams();
  const queryClient = useQueryClient();
  const { can, isLoading: permissionsLoading } = useCan();
  const entity = useEntity(entityId);
  const fields = useTemplateFields(entityId);
  usePageTitle(entity.data ? `Import ${entity.data.name}` : 'Import entity records');
  const [upload, setUpload] = useState<TStoredUpload | null>(null);
  const [job, setJob] = useState<TImportJob | null>(null);

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

  const restart = () => {
    setUpload(null);
    setJob(null);
    void queryClient.invalidateQueries({ queryKey: IMPORT_KEYS.uploads(entityId) });
  };
  const started = (next: TImportJob) => {
    setJob(next);
    void queryClient.invalidateQueries({ queryKey: IMPORT_KEYS.mappings(entityId) });
  };
  const step = job ? 2 : upload ? 1 : 0;
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
        <Stepper.Step label="Map columns" description="Sheet and fields" />
        <Stepper.Step label="Import" description="Progress and result" />
      </Stepper>
      <Panel>
        <Box p="md">
          {step === 0 && <UploadStep entityId={entityId} onReady={setUpload} />}
          {step === 1 && upload && (
            <MapStep
              entityId={entityId}
              upload={upload}
              fields={fields.data ?? []}
              onStarted={started}
              onRestart={restart}
            />
          )}
          {step === 2 && job && (
            <ImportJobStep
              key={job._id}
              initial={job}
              onBackToMapping={() => setJob(null)}
              onDone={() => {
                void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) });
                void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.one(entityId) });
              }}
              actions={
                <>
                  {recordsLink}
                  <Button variant="light" onClick={restart}>
                    Import another file
                  </Button>
                </>
              }
            />
          )}
        </Box>
      </Panel>
    </PageFrame>
  );
}

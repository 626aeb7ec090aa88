import { useState, type ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExportJob } from '@esigns/contracts/data-exports';
import { errorText } from '../../shared/ui/page-kit';
import { saveBlob } from '../signing/signing-api';
import { EXPORT_KEYS, type ExportOutcome } from './exports-api';
import { ExportJobProgress } from './export-job-progress';
import { RecentExportsDrawer } from './recent-exports-drawer';

/**
 * Runs export calls for a screen: a direct answer is saved at once; a job (202) opens a dialog with
 * its progress bar and, when done, the download. Also owns the "Recent exports" drawer.
 */
export function useExportRunner(): {
  run: (call: () => Promise<ExportOutcome>) => void;
  isPending: boolean;
  openRecent: () => void;
  element: ReactNode;
} {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<TExportJob | null>(null);
  const [isRecentOpen, setRecentOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (call: () => Promise<ExportOutcome>) => call(),
    onSuccess: (outcome) => {
      if (outcome.kind === 'file') {
        saveBlob(outcome.blob, outcome.fileName);
        notifications.show({
          color: 'teal',
          title: 'Export ready',
          message: `${outcome.fileName} was downloaded.`,
        });
        return;
      }
      queryClient.setQueryData(EXPORT_KEYS.one(outcome.job._id), outcome.job);
      void queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.list() });
      setJob(outcome.job);
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: 'The export failed', message: errorText(error) });
    },
  });

  const element = (
    <>
      <Modal opened={job !== null} onClose={() => setJob(null)} title="Exporting" size="md" centered>
        {job && <ExportJobProgress initial={job} />}
        <Group justify="flex-end" mt="md">
          <Button
            variant="subtle"
            onClick={() => {
              setJob(null);
              setRecentOpen(true);
            }}
          >
            Recent exports
          </Button>
          <Button variant="default" onClick={() => setJob(null)}>
            Close
          </Button>
        </Group>
      </Modal>
      <RecentExportsDrawer opened={isRecentOpen} onClose={() => setRecentOpen(false)} />
    </>
  );
  return {
    run: (call) => mutation.mutate(call),
    isPending: mutation.isPending,
    openRecent: () => setRecentOpen(true),
    element,
  };
}

import { Button, Group } from '@mantine/core';
import { IconBan, IconFileZip, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { FINAL_WORKFLOW_INSTANCE_STATUSES, type TWorkflowInstance } from '@esigns/contracts/workflows';
import { ErrorAlert, errorText } from '../../../shared/ui/page-kit';
import { saveBlob } from '../../signing/signing-api';
import { downloadInstanceZip } from '../workflows-api';

export type InstanceDialog = 'void' | 'delete' | 'resend';

export type InstanceRights = { canVoid: boolean; canDelete: boolean; canSend: boolean };

/**
 * A packet's actions: Resend while it runs (`workflows:send`), Download all (ZIP) once sent, Void
 * while it runs, Delete draft while it is a DRAFT. The dialogs belong to the drawer.
 */
export function InstanceActions({
  instance,
  rights,
  onDialog,
}: {
  instance: TWorkflowInstance;
  rights: InstanceRights;
  onDialog: (dialog: InstanceDialog) => void;
}) {
  const download = useMutation({
    mutationFn: () => downloadInstanceZip(instance._id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
  const isDraft = instance.status === 'DRAFT';
  const isRunning = !isDraft && !FINAL_WORKFLOW_INSTANCE_STATUSES.includes(instance.status);
  return (
    <>
      <Group gap="xs">
        {isRunning && rights.canSend && (
          <Button
            variant="light"
            leftSection={<IconMailForward size={16} />}
            onClick={() => onDialog('resend')}
          >
            Resend
          </Button>
        )}
        {!isDraft && (
          <Button
            variant="light"
            leftSection={<IconFileZip size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            Download all (ZIP)
          </Button>
        )}
        {((isRunning && rights.canVoid) || (isDraft && rights.canDelete)) && (
          <Button
            variant="light"
            color="red"
            leftSection={isDraft ? <IconTrash size={16} /> : <IconBan size={16} />}
            onClick={() => onDialog(isDraft ? 'delete' : 'void')}
          >
            {isDraft ? 'Delete draft' : 'Void packet'}
          </Button>
        )}
      </Group>
      {download.isError && <ErrorAlert>{errorText(download.error)}</ErrorAlert>}
    </>
  );
}

import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useGridMatch } from './grid-match';
import { SendEmailDialog } from './send-email-dialog';

/** The permission the server checks for `POST /entities/emails`. */
export const SEND_EMAIL_PERMISSION = 'email-templates:send' as const;

/**
 * The selection bar's "Send email" button (records grid, entity views) with its dialog. The caller
 * shows it only with `SEND_EMAIL_PERMISSION`. Inside a records grid (`GridMatchContext`) the
 * dialog also offers all the records matching the grid's filter.
 */
export function SendEmailButton({ entityId, ids }: { entityId: string; ids: string[] }) {
  const [opened, setOpened] = useState(false);
  const matching = useGridMatch();
  return (
    <>
      <Button
        size="compact-sm"
        variant="white"
        leftSection={<IconMail size={14} />}
        onClick={() => setOpened(true)}
      >
        Send email
      </Button>
      {opened && (
        <SendEmailDialog
          opened
          onClose={() => setOpened(false)}
          entityId={entityId}
          recordIds={ids}
          matching={matching}
        />
      )}
    </>
  );
}

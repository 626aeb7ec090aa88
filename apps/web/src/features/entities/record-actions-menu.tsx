import { useState, type ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconFileText,
  IconLink,
  IconMail,
  IconPrinter,
  IconQrcode,
} from '@tabler/icons-react';
import { SendEmailButton, SEND_EMAIL_PERMISSION } from '../email-templates/send-email-action';
import { SendEmailDialog } from '../email-templates/send-email-dialog';
import { useInEmbeddedFrame } from '../embedding/embedded-frame';
import { useEntityArea } from './entity-area';
import { useEntity } from './entities-api';
import { NotifyDialog } from './notify-dialog';
import { PrintDialog } from './print-dialog';
import { RecordDetailsTextDialog } from './record-details-text-dialog';
import { RecordQrDialog } from './record-qr-dialog';
import { ShareLinkDialog } from './share-link-dialog';

type Dialog = 'notify' | 'print' | 'share' | 'text' | 'email' | 'qr' | null;

/** A "More" button opening a menu of `children` (Menu.Item). */
export function MoreMenu({ children }: { children: ReactNode }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/**
 * The record page's "More" menu: print, details as text (to copy), the record's QR code (labels
 * the scanner opens), notify people, share a read-only link (as rights allow).
 */
export function RecordActionsMenu({
  entityId,
  entityName,
  recordId,
  title,
}: {
  entityId: string;
  entityName: string;
  recordId: string;
  title: string;
}) {
  const { can } = useEntityArea();
  const isEmbedded = useInEmbeddedFrame();
  const [dialog, setDialog] = useState<Dialog>(null);
  const canNotify = can('notifications:send');
  // Records' public links are refused to an embedded session (links for people outside).
  const canShare = can('entity-data:export') && !isEmbedded;
  const canEmail = can(SEND_EMAIL_PERMISSION);
  const close = () => setDialog(null);
  return (
    <>
      <MoreMenu>
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => setDialog('print')}>
          Print
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => setDialog('text')}>
          Details as text
        </Menu.Item>
        <Menu.Item leftSection={<IconQrcode size={16} />} onClick={() => setDialog('qr')}>
          QR code
        </Menu.Item>
        {canNotify && (
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setDialog('notify')}>
            Notify people
          </Menu.Item>
        )}
        {canEmail && (
          <Menu.Item leftSection={<IconMail size={16} />} onClick={() => setDialog('email')}>
            Send email
          </Menu.Item>
        )}
        {canShare && (
          <Menu.Item leftSection={<IconLink size={16} />} onClick={() => setDialog('share')}>
            Share read-only link
          </Menu.Item>
        )}
      </MoreMenu>
      <PrintDialog
        opened={dialog === 'print'}
        onClose={close}
        entityId={entityId}
        recordIds={[recordId]}
        fileName={`${entityName} - ${title || 'record'}.pdf`}
      />
      <RecordDetailsTextDialog
        opened={dialog === 'text'}
        onClose={close}
        entityId={entityId}
        recordId={recordId}
        title={title}
      />
      <RecordQrDialog
        opened={dialog === 'qr'}
        onClose={close}
        entityId={entityId}
        recordId={recordId}
        title={title}
      />
      {canNotify && (
        <NotifyDialog
          opened={dialog === 'notify'}
          onClose={close}
          entityId={entityId}
          recordIds={[recordId]}
          what={title || 'this record'}
        />
      )}
      {dialog === 'email' && (
        <SendEmailDialog opened onClose={close} entityId={entityId} recordIds={[recordId]} />
      )}
      {canShare && (
        <ShareLinkDialog
          opened={dialog === 'share'}
          onClose={close}
          entityId={entityId}
          recordId={recordId}
        />
      )}
    </>
  );
}

/** Buttons of the grid's selection bar: notify about or print the selected records. */
export function RecordSelectionActions({ entityId, ids }: { entityId: string; ids: string[] }) {
  const { can, isStaff } = useEntityArea();
  const entityName = useEntity(entityId).data?.name ?? 'Records';
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const tooMany = ids.length > 50;
  // Printing is a staff call (the contact area has no print of records).
  if (!isStaff) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="white"
        leftSection={<IconPrinter size={14} />}
        disabled={tooMany}
        title={tooMany ? 'Print at most 50 records at once' : undefined}
        onClick={() => setDialog('print')}
      >
        Print
      </Button>
      {can('notifications:send') && (
        <Button
          size="compact-sm"
          variant="white"
          leftSection={<IconBell size={14} />}
          disabled={ids.length > 100}
          onClick={() => setDialog('notify')}
        >
          Notify
        </Button>
      )}
      {can(SEND_EMAIL_PERMISSION) && <SendEmailButton entityId={entityId} ids={ids} />}
      <PrintDialog
        opened={dialog === 'print'}
        onClose={close}
        entityId={entityId}
        recordIds={ids}
        fileName={`${entityName} (${ids.length} records).pdf`}
      />
      <NotifyDialog
        opened={dialog === 'notify'}
        onClose={close}
        entityId={entityId}
        recordIds={ids}
        what={`${ids.length} ${entityName} record${ids.length === 1 ? '' : 's'}`}
      />
    </>
  );
}

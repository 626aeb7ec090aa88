import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Group, Modal, Text, type ModalRootProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useBranding } from '../branding/branding-provider';

export const CANCEL_WARNING_TITLE = 'Warning';
export const CANCEL_WARNING_MESSAGE = 'Are you sure to cancel the transaction?';
/** Header colours when the company has turned its top bar off. */
export const PLAIN_HEADER = { background: '#ffffff', color: '#708090' } as const;

/** The company settings the dialog reads (the rest of company info is ignored). */
export type DialogCompanySettings = {
  dialog_header_color?: string | null;
  dialog_header_text_color?: string | null;
};

export type AppDialogProps = {
  opened: boolean;
  /** Called when the dialog should close (close button, Escape, overlay, Cancel). */
  onClose: () => void;
  title: ReactNode;
  /** Extra content under the title bar (tabs, a summary...). */
  header?: ReactNode;
  /** Replaces the default Cancel/Confirm buttons; `null` removes the footer. */
  footer?: ReactNode | null;
  children?: ReactNode;
  onConfirm?: () => void;
  /** Runs when the user cancels (after the warning, when `confirmCancel` is on). */
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  isConfirmLoading?: boolean;
  isConfirmDisabled?: boolean;
  /** Ask 'Are you sure to cancel the transaction?' before cancelling or closing. */
  confirmCancel?: boolean;
  size?: ModalRootProps['size'];
  /** Company settings; missing colours fall back to the branding defaults (#eee / #6c6c6c). */
  companySettings?: DialogCompanySettings | null;
  /** With the company's top bar disabled the header is white with slate-grey text. */
  isTopBarDisabled?: boolean;
  /** The error of loading company info, if it failed: a notification titled 'Error' shows. */
  companyInfoError?: unknown;
};

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Could not load company information.';
}

/** Shows a notification titled 'Error' each time `error` becomes set. */
export function useCompanyInfoErrorNotification(error: unknown): void {
  useEffect(() => {
    if (!error) return;
    notifications.show({ title: 'Error', message: errorMessage(error), color: 'red' });
  }, [error]);
}

export function resolveDialogHeaderColors(
  defaults: { dialog_header_color: string; dialog_header_text_color: string },
  settings: DialogCompanySettings | null | undefined,
  isTopBarDisabled: boolean,
): { background: string; color: string } {
  if (isTopBarDisabled) return { ...PLAIN_HEADER };
  return {
    background: settings?.dialog_header_color || defaults.dialog_header_color,
    color: settings?.dialog_header_text_color || defaults.dialog_header_text_color,
  };
}

/** The product's generic dialog (spec 1 §2). */
export function AppDialog({
  opened,
  onClose,
  title,
  header,
  footer,
  children,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  isConfirmLoading = false,
  isConfirmDisabled = false,
  confirmCancel = false,
  size = 'lg',
  companySettings,
  isTopBarDisabled = false,
  companyInfoError,
}: AppDialogProps) {
  const branding = useBranding();
  const [isWarningOpen, setWarningOpen] = useState(false);
  useCompanyInfoErrorNotification(companyInfoError);
  const colors = resolveDialogHeaderColors(branding, companySettings, isTopBarDisabled);

  const cancelNow = () => {
    setWarningOpen(false);
    onCancel?.();
    onClose();
  };
  const requestCancel = () => (confirmCancel ? setWarningOpen(true) : cancelNow());

  return (
    <>
      <Modal.Root opened={opened} onClose={requestCancel} size={size} centered>
        <Modal.Overlay backgroundOpacity={0.45} blur={2} />
        <Modal.Content>
          <Modal.Header
            data-testid="app-dialog-header"
            style={{ backgroundColor: colors.background, color: colors.color }}
          >
            <Modal.Title fw={600}>{title}</Modal.Title>
            <Modal.CloseButton aria-label="Close" style={{ color: colors.color }} />
          </Modal.Header>
          {header && (
            <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              {header}
            </Box>
          )}
          <Modal.Body pt="md">{children}</Modal.Body>
          {footer !== null && (
            <Group
              justify="flex-end"
              gap="sm"
              px="md"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              {footer ?? (
                <>
                  <Button variant="default" onClick={requestCancel}>
                    {cancelLabel}
                  </Button>
                  <Button onClick={onConfirm} loading={isConfirmLoading} disabled={isConfirmDisabled}>
                    {confirmLabel}
                  </Button>
                </>
              )}
            </Group>
          )}
        </Modal.Content>
      </Modal.Root>

      <Modal
        opened={opened && isWarningOpen}
        onClose={() => setWarningOpen(false)}
        title={
          <Group gap="xs">
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
            <Text fw={600}>{CANCEL_WARNING_TITLE}</Text>
          </Group>
        }
        size="sm"
        centered
        zIndex={400}
      >
        <Text>{CANCEL_WARNING_MESSAGE}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setWarningOpen(false)}>
            No
          </Button>
          <Button color="red" onClick={cancelNow}>
            Yes
          </Button>
        </Group>
      </Modal>
    </>
  );
}

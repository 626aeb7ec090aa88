import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Image,
  Menu,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCheck,
  IconCloudCheck,
  IconCloudUpload,
  IconDotsVertical,
  IconDownload,
  IconFileText,
  IconAlertTriangle,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TESignRecord, TSignerField } from '@esigns/contracts/signing';
import { useBranding } from '../../shared/branding/branding-provider';
import { FieldPanel } from './field-panel';
import type { SignerAccess } from './signing-api';
import type { SaveStatus } from './use-value-autosave';
import { useSignerDownload } from './use-download';
import classes from './signing.module.css';

function SaveIndicator({ status, failure }: { status: SaveStatus; failure: string | null }) {
  if (status === 'idle') return null;
  const shown =
    status === 'saving'
      ? { icon: <IconCloudUpload size={16} />, text: 'Saving…', color: 'dimmed' }
      : status === 'saved'
        ? { icon: <IconCloudCheck size={16} />, text: 'Saved', color: 'dimmed' }
        : { icon: <IconAlertTriangle size={16} />, text: 'Not saved', color: 'red.7' };
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={shown.color}
      title={status === 'error' ? (failure ?? undefined) : undefined}
      data-testid="save-status"
    >
      {shown.icon}
      <Text size="xs" c={shown.color} visibleFrom="xs">
        {shown.text}
      </Text>
    </Group>
  );
}

export function SigningHeader({
  record,
  saveStatus,
  saveFailure,
  hasTerms,
  isApprover,
  isViewer,
  access,
  onTerms,
  onDecline,
}: {
  record: TESignRecord;
  saveStatus: SaveStatus;
  saveFailure: string | null;
  hasTerms: boolean;
  isApprover: boolean;
  isViewer: boolean;
  access: SignerAccess;
  onTerms: () => void;
  onDecline: () => void;
}) {
  const branding = useBranding();
  const download = useSignerDownload(access);
  const sender = record.document.sender;
  return (
    <header className={classes.header}>
      <Image src={branding.logo_url} alt={branding.app_name} w={32} h={32} fit="contain" />
      <Box className={classes.headerTitle}>
        <Text fw={600} size="sm" truncate data-testid="signing-title">
          {record.document.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          From {sender.name || sender.email}
          {sender.company_name ? ` · ${sender.company_name}` : ''}
        </Text>
      </Box>
      <SaveIndicator status={saveStatus} failure={saveFailure} />
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="More actions">
            <IconDotsVertical size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => download.mutate()}>
            Download the document
          </Menu.Item>
          {hasTerms && (
            <Menu.Item leftSection={<IconFileText size={16} />} onClick={onTerms}>
              Terms and conditions
            </Menu.Item>
          )}
          {!isViewer && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={onDecline}>
                {isApprover ? 'Reject' : 'Decline to sign'}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}

export type SigningBottomBarProps = {
  activeField: TSignerField | null;
  activeValue: string;
  activeError: string | null;
  onChange: (value: string) => void;
  onSign: () => void;
  onCloseField: () => void;
  progress: { done: number; total: number };
  hasStarted: boolean;
  hasMissing: boolean;
  isApprover: boolean;
  isViewer: boolean;
  isFinishing: boolean;
  pdfFailed: boolean;
  terms: { accepted: boolean; isAccepting: boolean } | null;
  onAcceptTerms: () => void;
  onOpenTerms: () => void;
  onNext: () => void;
  onFinish: () => void;
  onReject: () => void;
  onViewed: () => void;
  /** A viewer's last action instead of Done (a packet's read-and-acknowledge step). */
  viewerAction?: ReactNode;
};

/** Under the pages: the active field's input, the progress, terms, and Start/Next/Finish. */
export function SigningBottomBar(props: SigningBottomBarProps) {
  const { progress, terms } = props;
  const ratio = progress.total > 0 ? (progress.done / progress.total) * 100 : 100;
  return (
    <footer className={classes.bottom}>
      <Stack gap="sm" className={classes.bottomInner}>
        {props.pdfFailed && (
          <Alert color="red" variant="light" p="xs">
            The pages could not be shown. Reload the page to try again.
          </Alert>
        )}
        {props.activeField && (
          <FieldPanel
            field={props.activeField}
            value={props.activeValue}
            error={props.activeError}
            onChange={props.onChange}
            onAdopt={props.onSign}
            onClose={props.onCloseField}
          />
        )}
        {terms && !props.isViewer && (
          <Group gap="xs" wrap="nowrap">
            <Checkbox
              checked={terms.accepted}
              disabled={terms.accepted || terms.isAccepting}
              onChange={(event) => event.currentTarget.checked && props.onAcceptTerms()}
              label={
                <>
                  I agree to the{' '}
                  <Anchor component="button" type="button" size="sm" onClick={props.onOpenTerms}>
                    terms and conditions
                  </Anchor>
                </>
              }
            />
          </Group>
        )}
        {props.isViewer ? (
          // Wraps on a phone: the text never pushes the action out of the screen.
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 12rem', minWidth: 0 }}>
              You were sent this document to view. Nothing to sign.
            </Text>
            {props.viewerAction ?? (
              <Button onClick={props.onViewed} style={{ flexShrink: 0 }}>
                Done
              </Button>
            )}
          </Group>
        ) : (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} data-testid="progress-counter">
                {progress.total > 0 ? `${progress.done} of ${progress.total} required` : 'No required fields'}
              </Text>
              <Progress
                value={ratio}
                size="sm"
                mt={4}
                color={ratio >= 100 ? 'green' : undefined}
                aria-hidden
              />
            </Box>
            {props.isApprover && (
              <Button variant="default" color="red" onClick={props.onReject} visibleFrom="xs">
                Reject
              </Button>
            )}
            {props.hasMissing ? (
              <Button
                size="md"
                onClick={props.onNext}
                rightSection={props.hasStarted ? <IconArrowRight size={18} /> : <IconPlayerPlay size={16} />}
              >
                {props.hasStarted ? 'Next' : 'Start'}
              </Button>
            ) : (
              <Button
                size="md"
                color="green"
                loading={props.isFinishing}
                onClick={props.onFinish}
                leftSection={<IconCheck size={18} />}
              >
                {props.isApprover ? 'Approve' : 'Finish'}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </footer>
  );
}

import { useId, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { AppDialog } from '../../shared/ui/app-dialog';
import { companyUserName } from '../team/team-labels';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import {
  TEMPLATE_KEYS,
  duplicateTemplate,
  fetchAllCompanyUsers,
  fetchPublishSettings,
  renameTemplate,
  savePublishSettings,
  shareTemplate,
  type TTemplateRow,
} from './templates-api';
import { FormDialog } from '../../shared/ui/form-dialog';
import { ShareWithSelect } from '../document-actions/people-dialogs';

type DialogProps = { row: TTemplateRow; onClose: () => void };

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.lists });
}

/** A name error (422 on `name`, or a 409 duplicate name) goes under the input; the rest above. */
function splitNameError(error: unknown): { nameError: string | null; other: unknown } {
  if (!error) return { nameError: null, other: null };
  if (isApiError(error) && error.isValidation) {
    const nameError = error.fieldErrors.name ?? null;
    return { nameError, other: nameError ? null : error };
  }
  if (isApiError(error) && error.status === 409) return { nameError: error.message, other: null };
  return { nameError: null, other: error };
}

function NameForm({
  opened,
  title,
  label,
  initialName,
  confirmLabel,
  onClose,
  onSubmit,
  isPending,
  error,
  children,
}: {
  opened: boolean;
  title: string;
  label: string;
  initialName: string;
  confirmLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
  isPending: boolean;
  error: unknown;
  children?: ReactNode;
}) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [checkError, setCheckError] = useState<string | null>(null);
  const { nameError, other } = splitNameError(error);

  const submit = () => {
    if (!name.trim()) {
      setCheckError('Enter a name');
      return;
    }
    onSubmit(name.trim());
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      confirmLabel={confirmLabel}
      form={{ id: formId, label: title, onSubmit: submit }}
      isPending={isPending}
      error={other}
    >
      <TextInput
        label={label}
        value={name}
        maxLength={200}
        data-autofocus
        withAsterisk
        onChange={(event) => {
          setName(event.currentTarget.value);
          setCheckError(null);
        }}
        error={checkError ?? nameError}
      />
      {children}
    </FormDialog>
  );
}

export function RenameTemplateDialog({ row, onClose }: DialogProps) {
  const invalidate = useInvalidateTemplates();
  const rename = useMutation({
    mutationFn: (name: string) => renameTemplate(row, name),
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', title: 'Template renamed', message: saved.name });
      invalidate();
      onClose();
    },
  });
  return (
    <NameForm
      opened
      title="Rename template"
      label="Template name"
      initialName={row.name}
      confirmLabel="Rename"
      onClose={onClose}
      onSubmit={(name) => rename.mutate(name)}
      isPending={rename.isPending}
      error={rename.error}
    />
  );
}

export function DuplicateTemplateDialog({ row, onClose }: DialogProps) {
  const invalidate = useInvalidateTemplates();
  const [isShared, setShared] = useState(false);
  const duplicate = useMutation({
    mutationFn: (name: string) => duplicateTemplate(row._id, { name, isShareTemplate: isShared }),
    onSuccess: (copy) => {
      notifications.show({ color: 'teal', title: 'Template duplicated', message: copy.name });
      invalidate();
      onClose();
    },
  });
  return (
    <NameForm
      opened
      title="Duplicate template"
      label="Name of the copy"
      initialName={`Copy of ${row.name}`.slice(0, 200)}
      confirmLabel="Duplicate"
      onClose={onClose}
      onSubmit={(name) => duplicate.mutate(name)}
      isPending={duplicate.isPending}
      error={duplicate.error}
    >
      {row.shared_with.length > 0 && (
        <Checkbox
          label="Share the copy with the same people"
          checked={isShared}
          onChange={(event) => setShared(event.currentTarget.checked)}
        />
      )}
    </NameForm>
  );
}

export function ShareTemplateDialog({ row, onClose }: DialogProps) {
  const invalidate = useInvalidateTemplates();
  const companyId = useSession(workspaceIdOf) ?? '';
  const [selected, setSelected] = useState<string[]>(row.shared_with);
  const users = useQuery({
    queryKey: TEMPLATE_KEYS.companyUsers(companyId),
    queryFn: ({ signal }) => fetchAllCompanyUsers(companyId, signal),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
  const share = useMutation({
    mutationFn: () => shareTemplate(row._id, selected),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: selected.length ? 'Template shared' : 'Template no longer shared',
        message: row.name,
      });
      invalidate();
      onClose();
    },
  });
  const options = (users.data ?? [])
    .filter((user) => user.user_id && user.user_id !== row.owner._id)
    .map((user) => ({ value: user.user_id!, label: `${companyUserName(user)} (${user.email})` }));
  const fieldError =
    isApiError(share.error) && share.error.isValidation
      ? Object.values(share.error.fieldErrors)[0]
      : undefined;

  return (
    <FormDialog
      onClose={onClose}
      title="Share template"
      confirmLabel="Save"
      onConfirm={() => share.mutate()}
      isPending={share.isPending}
      isConfirmDisabled={users.isPending}
      intro={
        <Text size="sm" c="dimmed">
          People you share <b>{row.name}</b> with can see it and send documents from it.
        </Text>
      }
      error={fieldError ? null : share.error}
    >
      <ShareWithSelect
        loadError={users.error}
        isPending={users.isPending}
        data={options}
        value={selected}
        onChange={setSelected}
        error={fieldError}
      />
    </FormDialog>
  );
}

export function PublishTemplateDialog({ row, onClose }: DialogProps) {
  const invalidate = useInvalidateTemplates();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: TEMPLATE_KEYS.publish(row._id),
    queryFn: ({ signal }) => fetchPublishSettings(row._id, signal),
    initialData: row.publish,
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (body: { published: boolean; secure_access: boolean }) => savePublishSettings(row._id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(TEMPLATE_KEYS.publish(row._id), saved);
      invalidate();
    },
  });
  const current = settings.data;
  const url = current.published ? current.url : null;

  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Publish template"
      size="md"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          A published template has a public link: anyone with it can fill in and sign <b>{row.name}</b>.
        </Text>
        {save.error ? <ErrorAlert>{errorText(save.error)}</ErrorAlert> : null}
        <Switch
          label="Published"
          description="Turn off to stop the link from working."
          checked={current.published}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate({ published: event.currentTarget.checked, secure_access: current.secure_access })
          }
        />
        <Switch
          label="Secure access"
          description="Visitors confirm their email with a code before they can sign."
          checked={current.secure_access}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate({ published: current.published, secure_access: event.currentTarget.checked })
          }
        />
        {url && (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Public link"
              value={url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                  <ActionIcon
                    size="lg"
                    variant={copied ? 'filled' : 'default'}
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label="Copy link"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label="Open link">
              <ActionIcon
                size="lg"
                variant="default"
                component="a"
                href={url}
                target="_blank"
                rel="noreferrer"
                aria-label="Open link"
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </AppDialog>
  );
}

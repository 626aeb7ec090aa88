import { useId, useState } from 'react';
import { Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { ActionDialogProps } from './confirm-dialogs';
import {
  duplicateDocument,
  renameDocument,
  saveDocumentAsTemplate,
  voidDocument,
} from './document-actions-api';
import { draftEditorPath } from './document-paths';
import { useDocumentAction } from './use-document-action';

export const VOID_REASON_MAX = 500;
const NAME_MAX = 200;

/** A 422 on `key` (or a 409 on a name) goes under the input; anything else above the form. */
function splitError(error: unknown, key: string): { inputError: string | null; other: unknown } {
  if (!error) return { inputError: null, other: null };
  if (isApiError(error) && error.isValidation) {
    const inputError = error.fieldErrors[key] ?? null;
    return { inputError, other: inputError ? null : error };
  }
  if (key === 'name' && isApiError(error) && error.status === 409)
    return { inputError: error.message, other: null };
  return { inputError: null, other: error };
}

type TextFormProps = {
  title: string;
  label: string;
  description?: string;
  initial: string;
  confirmLabel: string;
  isMultiline?: boolean;
  maxLength: number;
  emptyMessage: string;
  fieldKey: string;
  isDestructive?: boolean;
  onClose: () => void;
  onSubmit: (value: string) => void;
  isPending: boolean;
  error: unknown;
};

/** One text input (a name or a reason) with its checks and the server's refusal. */
function TextForm(props: TextFormProps) {
  const formId = useId();
  const [value, setValue] = useState(props.initial);
  const [checkError, setCheckError] = useState<string | null>(null);
  const { inputError, other } = splitError(props.error, props.fieldKey);
  const Input = props.isMultiline ? Textarea : TextInput;
  return (
    <AppDialog
      opened
      onClose={props.onClose}
      title={props.title}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={props.onClose} disabled={props.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={props.isPending}
            color={props.isDestructive ? 'red' : undefined}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        aria-label={props.title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = value.trim();
          if (!trimmed) return setCheckError(props.emptyMessage);
          if (trimmed.length > props.maxLength) {
            return setCheckError(`At most ${props.maxLength} characters`);
          }
          props.onSubmit(trimmed);
        }}
      >
        <Stack gap="md">
          {Boolean(other) && <ErrorAlert>{errorText(other)}</ErrorAlert>}
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
          <Input
            label={props.label}
            value={value}
            data-autofocus
            withAsterisk
            rows={props.isMultiline ? 4 : undefined}
            description={props.isMultiline ? `${value.length} / ${props.maxLength}` : undefined}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setCheckError(null);
            }}
            error={checkError ?? inputError}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}

export function VoidDialog({ document, onClose, onDone }: ActionDialogProps) {
  const mutation = useDocumentAction((reason: string) => voidDocument(document._id, reason), {
    title: 'Document voided',
    message: () => document.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  return (
    <TextForm
      title="Void document"
      label="Reason"
      description={`Signing stops for everyone and the links of "${document.name}" stop working. Recipients who still had to act are mailed the reason.`}
      initial=""
      confirmLabel="Void"
      isMultiline
      isDestructive
      maxLength={VOID_REASON_MAX}
      emptyMessage="Give a reason: it is mailed to the recipients"
      fieldKey="reason"
      onClose={onClose}
      onSubmit={(reason) => mutation.mutate(reason)}
      isPending={mutation.isPending}
      error={mutation.error}
    />
  );
}

export function RenameDialog({ document, onClose, onDone }: ActionDialogProps) {
  const mutation = useDocumentAction((name: string) => renameDocument(document._id, name), {
    title: 'Document renamed',
    message: (saved) => saved.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  return (
    <TextForm
      title="Rename document"
      label="Document name"
      initial={document.name}
      confirmLabel="Rename"
      maxLength={NAME_MAX}
      emptyMessage="Enter a name"
      fieldKey="name"
      onClose={onClose}
      onSubmit={(name) => mutation.mutate(name)}
      isPending={mutation.isPending}
      error={mutation.error}
    />
  );
}

export function DuplicateDialog({ document, onClose, onDone }: ActionDialogProps) {
  const navigate = useNavigate();
  const mutation = useDocumentAction((name: string) => duplicateDocument(document._id, name), {
    title: 'Draft created',
    message: (copy) => copy.name,
    onSuccess: (copy) => {
      onClose();
      onDone();
      if (copy.company_document_id) void navigate(draftEditorPath(copy.company_document_id));
    },
  });
  return (
    <TextForm
      title="Duplicate document"
      label="Name of the copy"
      description="The copy is a new draft with the same file, fields (without values), recipients and settings."
      initial={`Copy of ${document.name}`.slice(0, NAME_MAX)}
      confirmLabel="Duplicate"
      maxLength={NAME_MAX}
      emptyMessage="Enter a name"
      fieldKey="name"
      onClose={onClose}
      onSubmit={(name) => mutation.mutate(name)}
      isPending={mutation.isPending}
      error={mutation.error}
    />
  );
}

export function SaveAsTemplateDialog({ document, onClose, onDone }: ActionDialogProps) {
  const mutation = useDocumentAction((name: string) => saveDocumentAsTemplate(document._id, name), {
    title: 'Template saved',
    message: (template) => template.name,
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  return (
    <TextForm
      title="Save as template"
      label="Template name"
      description="The template keeps the file and fields; its recipients become roles without people."
      initial={document.name}
      confirmLabel="Save template"
      maxLength={NAME_MAX}
      emptyMessage="Enter a name"
      fieldKey="name"
      onClose={onClose}
      onSubmit={(name) => mutation.mutate(name)}
      isPending={mutation.isPending}
      error={mutation.error}
    />
  );
}

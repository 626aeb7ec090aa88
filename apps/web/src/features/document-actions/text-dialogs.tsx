import { useId, useState } from 'react';
import { Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
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
  const submit = () => {
    const trimmed = value.trim();
    if (!trimmed) return setCheckError(props.emptyMessage);
    if (trimmed.length > props.maxLength) {
      return setCheckError(`At most ${props.maxLength} characters`);
    }
    props.onSubmit(trimmed);
  };
  return (
    <FormDialog
      onClose={props.onClose}
      title={props.title}
      confirmLabel={props.confirmLabel}
      form={{ id: formId, label: props.title, onSubmit: submit }}
      isPending={props.isPending}
      isDestructive={props.isDestructive}
      error={other}
    >
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
    </FormDialog>
  );
}

type TextActionProps<TResult> = ActionDialogProps &
  Omit<TextFormProps, 'onClose' | 'onSubmit' | 'isPending' | 'error'> & {
    run: (value: string) => Promise<TResult>;
    /** The toast's title and text once it is done. */
    done: { title: string; message: (result: TResult) => string };
    then?: (result: TResult) => void;
  };

/** A text asked for and sent to `run`; on success the dialog closes and the menu refreshes. */
function TextActionDialog<TResult>({
  document: _document,
  onClose,
  onDone,
  run,
  done,
  then,
  ...form
}: TextActionProps<TResult>) {
  const mutation = useDocumentAction(run, {
    ...done,
    onSuccess: (result) => {
      onClose();
      onDone();
      then?.(result);
    },
  });
  return (
    <TextForm
      {...form}
      onClose={onClose}
      onSubmit={(value) => mutation.mutate(value)}
      isPending={mutation.isPending}
      error={mutation.error}
    />
  );
}

const NAME_INPUT = { maxLength: NAME_MAX, emptyMessage: 'Enter a name', fieldKey: 'name' };

export function VoidDialog(props: ActionDialogProps) {
  return (
    <TextActionDialog
      {...props}
      run={(reason) => voidDocument(props.document._id, reason)}
      done={{ title: 'Document voided', message: () => props.document.name }}
      title="Void document"
      label="Reason"
      description={`Signing stops for everyone and the links of "${props.document.name}" stop working. Recipients who still had to act are mailed the reason.`}
      initial=""
      confirmLabel="Void"
      isMultiline
      isDestructive
      maxLength={VOID_REASON_MAX}
      emptyMessage="Give a reason: it is mailed to the recipients"
      fieldKey="reason"
    />
  );
}

export function RenameDialog(props: ActionDialogProps) {
  return (
    <TextActionDialog
      {...props}
      {...NAME_INPUT}
      run={(name) => renameDocument(props.document._id, name)}
      done={{ title: 'Document renamed', message: (saved) => saved.name }}
      title="Rename document"
      label="Document name"
      initial={props.document.name}
      confirmLabel="Rename"
    />
  );
}

export function DuplicateDialog(props: ActionDialogProps) {
  const navigate = useNavigate();
  return (
    <TextActionDialog
      {...props}
      {...NAME_INPUT}
      run={(name) => duplicateDocument(props.document._id, name)}
      done={{ title: 'Draft created', message: (copy) => copy.name }}
      then={(copy) => {
        if (copy.company_document_id) void navigate(draftEditorPath(copy.company_document_id));
      }}
      title="Duplicate document"
      label="Name of the copy"
      description="The copy is a new draft with the same file, fields (without values), recipients and settings."
      initial={`Copy of ${props.document.name}`.slice(0, NAME_MAX)}
      confirmLabel="Duplicate"
    />
  );
}

export function SaveAsTemplateDialog(props: ActionDialogProps) {
  return (
    <TextActionDialog
      {...props}
      {...NAME_INPUT}
      run={(name) => saveDocumentAsTemplate(props.document._id, name)}
      done={{ title: 'Template saved', message: (template) => template.name }}
      title="Save as template"
      label="Template name"
      description="The template keeps the file and fields; its recipients become roles without people."
      initial={props.document.name}
      confirmLabel="Save template"
    />
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Button, Skeleton, Stack, type MantineSpacing, type ModalRootProps } from '@mantine/core';
import { AppDialog } from './app-dialog';
import { ErrorAlert, errorText } from './page-kit';

export type FormDialogProps = {
  /** Open unless told otherwise (most such dialogs are mounted only while open). */
  opened?: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  confirmLabel: ReactNode;
  /** What the confirm button does; with `form` it submits that form instead. */
  onConfirm?: () => void;
  /** Wraps the body in a form submitted by the confirm button (Enter submits too). */
  form?: { id: string; label: string; onSubmit: () => void };
  isPending?: boolean;
  isConfirmDisabled?: boolean;
  isDestructive?: boolean;
  /** Replaces the Cancel and confirm buttons. */
  footer?: ReactNode;
  /** Shown first in the body, above the error. */
  intro?: ReactNode;
  /** A failure to show above the inputs (leave it out when it is shown under an input). */
  error?: unknown;
  gap?: MantineSpacing;
  children?: ReactNode;
};

/** The Cancel and confirm buttons of a dialog that does one thing; Cancel is off while it runs. */
export function DialogButtons({
  onCancel,
  confirmLabel,
  onConfirm,
  formId,
  isPending = false,
  isConfirmDisabled,
  isDestructive = false,
}: {
  onCancel: () => void;
  confirmLabel: ReactNode;
  onConfirm?: () => void;
  formId?: string;
  isPending?: boolean;
  isConfirmDisabled?: boolean;
  isDestructive?: boolean;
}) {
  const action = formId ? { type: 'submit' as const, form: formId } : { onClick: onConfirm };
  return (
    <>
      <Button variant="default" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button
        {...action}
        loading={isPending}
        disabled={isConfirmDisabled}
        color={isDestructive ? 'red' : undefined}
      >
        {confirmLabel}
      </Button>
    </>
  );
}

/**
 * A dialog that asks for a few inputs and runs one action: intro, the action's failure, the inputs,
 * then Cancel and the confirm button.
 */
export function FormDialog({
  opened = true,
  onClose,
  title,
  size = 'md',
  confirmLabel,
  onConfirm,
  form,
  isPending,
  isConfirmDisabled,
  isDestructive,
  footer,
  intro,
  error,
  gap = 'md',
  children,
}: FormDialogProps) {
  const body = (
    <Stack gap={gap}>
      {intro}
      {error ? <ErrorAlert>{errorText(error)}</ErrorAlert> : null}
      {children}
    </Stack>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form?.onSubmit();
  };
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        footer ?? (
          <DialogButtons
            onCancel={onClose}
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
            formId={form?.id}
            isPending={isPending}
            isConfirmDisabled={isConfirmDisabled}
            isDestructive={isDestructive}
          />
        )
      }
    >
      {form ? (
        <form id={form.id} aria-label={form.label} noValidate onSubmit={submit}>
          {body}
        </form>
      ) : (
        body
      )}
    </AppDialog>
  );
}

/** An input that needs loaded data: the load's failure, a placeholder while it loads, then the input. */
export function LoadedInput({
  error,
  isPending,
  height = 36,
  children,
}: {
  error?: unknown;
  isPending: boolean;
  height?: number;
  children: () => ReactNode;
}) {
  if (error) return <ErrorAlert>{errorText(error)}</ErrorAlert>;
  if (isPending) return <Skeleton h={height} />;
  return <>{children()}</>;
}

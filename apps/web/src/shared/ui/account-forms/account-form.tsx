import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import { ErrorAlert } from '../error-alert';
import { AccountHeader } from './account-header';

export type AccountFormProps = {
  /** The form's accessible name: the id of its heading… */
  labelledBy?: string;
  /** …or a label of its own. */
  label?: string;
  /** The heading above the fields, which also names the form… */
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** …or anything else above the fields. */
  header?: ReactNode;
  /** A failure that belongs to no input (a 403, a network failure): shown above the fields. */
  problem?: string | null;
  onSubmit: () => void;
  /** The full-width submit button's text. */
  submitLabel: ReactNode;
  isPending?: boolean;
  isSubmitDisabled?: boolean;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
  /** A normal-sized submit button at the right instead of a full-width one (forms in a page). */
  isSubmitAtEnd?: boolean;
  /** Replaces the submit button (e.g. Cancel and a submit on the right). */
  actions?: ReactNode;
  /** Under the submit button: resend, other ways in, links. */
  footer?: ReactNode;
  gap?: MantineSpacing;
  maw?: number;
  testId?: string;
  children: ReactNode;
};

/**
 * The frame of the sign-in family's forms and other account forms: a form checked by the app
 * (`noValidate`), its heading, one general error, the fields, the submit button and what is under it.
 */
export function AccountForm({
  labelledBy,
  label,
  title,
  description,
  icon,
  header,
  problem,
  onSubmit,
  submitLabel,
  isPending = false,
  isSubmitDisabled,
  leftIcon,
  rightIcon,
  isSubmitAtEnd = false,
  actions,
  footer,
  gap = 'md',
  maw,
  testId,
  children,
}: AccountFormProps) {
  const titleId = useId();
  const submitButton = (
    <Button
      type="submit"
      fullWidth={!isSubmitAtEnd}
      size={isSubmitAtEnd ? 'sm' : 'md'}
      loading={isPending}
      disabled={isSubmitDisabled}
      leftSection={leftIcon}
      rightSection={rightIcon}
    >
      {submitLabel}
    </Button>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
      aria-label={label}
      data-testid={testId}
    >
      {title && <AccountHeader titleId={titleId} title={title} description={description} icon={icon} />}
      {header}
      <Stack gap={gap} maw={maw}>
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        {children}
        {actions ?? (isSubmitAtEnd ? <Group justify="flex-end">{submitButton}</Group> : submitButton)}
        {footer}
      </Stack>
    </form>
  );
}

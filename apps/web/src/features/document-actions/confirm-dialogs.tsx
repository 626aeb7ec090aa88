import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/page-kit';
import {
  archiveDocument,
  cloneVoidedDocument,
  deleteDocumentForever,
  discardDraft,
  markCompleted,
  restoreDocument,
  type TActionDocument,
} from './document-actions-api';
import { draftEditorPath } from './document-paths';
import { closeThenDone, useDocumentAction, useDocumentDetail } from './use-document-action';

export type ActionDialogProps = { document: TActionDocument; onClose: () => void; onDone: () => void };

type ConfirmSpec = {
  title: string;
  confirmLabel: string;
  done: string;
  isDestructive: boolean;
  body: (name: ReactNode) => ReactNode;
};

const CONFIRMS = {
  archive: {
    title: 'Archive document',
    confirmLabel: 'Archive',
    done: 'Document archived',
    isDestructive: false,
    body: (name) => <>{name} moves to the archive. You can restore it from there at any time.</>,
  },
  restore: {
    title: 'Restore document',
    confirmLabel: 'Restore',
    done: 'Document restored',
    isDestructive: false,
    body: (name) => <>{name} leaves the archive and is back in its list.</>,
  },
  'permanent-delete': {
    title: 'Delete permanently',
    confirmLabel: 'Delete for good',
    done: 'Document deleted',
    isDestructive: true,
    body: (name) => (
      <>{name}, its files, recipients and history are deleted for good. This cannot be undone.</>
    ),
  },
  'mark-completed': {
    title: 'Mark as completed',
    confirmLabel: 'Complete',
    done: 'Completing the document',
    isDestructive: false,
    body: (name) => (
      <>
        Every required signer and approver of {name} has finished. Completing it seals the PDF and mails
        everyone the completed copy; recipients who only view it are not waited for.
      </>
    ),
  },
  'clone-void': {
    title: 'Clone voided document',
    confirmLabel: 'Create draft',
    done: 'Draft created',
    isDestructive: false,
    body: (name) => (
      <>
        A new draft is made from {name}: the same file, fields (without values) and recipients. You can edit
        it and send it again.
      </>
    ),
  },
} satisfies Record<string, ConfirmSpec>;

export type ConfirmAction = keyof typeof CONFIRMS;

const RUNS: Record<ConfirmAction, (id: string) => Promise<unknown>> = {
  archive: archiveDocument,
  restore: restoreDocument,
  'permanent-delete': deleteDocumentForever,
  'mark-completed': markCompleted,
  'clone-void': cloneVoidedDocument,
};

/** Archive, restore, permanent delete, mark completed, clone a voided document: one confirmation each. */
export function ConfirmActionDialog({
  action,
  document,
  onClose,
  onDone,
}: ActionDialogProps & { action: ConfirmAction }) {
  const spec: ConfirmSpec = CONFIRMS[action];
  const navigate = useNavigate();
  const mutation = useDocumentAction(() => RUNS[action](document._id), {
    title: spec.done,
    message: () => document.name,
    onSuccess: (result) => {
      onClose();
      onDone();
      if (action === 'clone-void') {
        const draft = result as { company_document_id: string | null };
        if (draft.company_document_id) void navigate(draftEditorPath(draft.company_document_id));
      }
    },
  });
  return (
    <ConfirmDialog
      opened
      title={spec.title}
      confirmLabel={spec.confirmLabel}
      isDestructive={spec.isDestructive}
      onConfirm={() => mutation.mutate(undefined)}
      onClose={onClose}
      isPending={mutation.isPending}
      error={mutation.error}
    >
      <Text size="sm">
        {spec.body(
          <Text span fw={600}>
            {document.name}
          </Text>,
        )}
      </Text>
    </ConfirmDialog>
  );
}

/** Discarding a draft needs its layout's ids (`/documents/{configurable}/{company}/discard`). */
export function DiscardDraftDialog({ document, onClose, onDone }: ActionDialogProps) {
  const detail = useDocumentDetail(document._id);
  const mutation = useDocumentAction(
    () => {
      const data = detail.data;
      if (!data?.configurable_document_id || !data.company_document_id) {
        return Promise.reject(new Error('This draft can no longer be found'));
      }
      return discardDraft(data.configurable_document_id, data.company_document_id);
    },
    { title: 'Draft discarded', message: () => document.name, onSuccess: closeThenDone({ onClose, onDone }) },
  );
  return (
    <ConfirmDialog
      opened
      title="Discard draft"
      confirmLabel="Discard"
      onConfirm={() => mutation.mutate(undefined)}
      onClose={onClose}
      isPending={mutation.isPending || detail.isPending}
      error={mutation.error ?? detail.error}
    >
      <Text size="sm">
        The draft{' '}
        <Text span fw={600}>
          {document.name}
        </Text>{' '}
        and its fields and recipients are deleted. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}

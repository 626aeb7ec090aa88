import type { TRecipient } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { newKey } from './field-catalogue';
import { RecipientDialog, type RecipientDraft } from './recipient-dialog';
import { nextRecipientColor, nextSigningOrder } from './recipient-labels';

/** The add/edit recipient dialog for `target`: '' adds, a key edits, null shows nothing. */
export function RecipientDialogs({ target, onClose }: { target: string | null; onClose: () => void }) {
  const { layout, mode, edit } = useEditor();
  if (target === null) return null;
  const recipient = target ? (layout.document_users.find((r) => r.key === target) ?? null) : null;
  if (target && !recipient) return null;
  const others = layout.document_users.filter((r) => r.key !== target);

  const submit = (draft: RecipientDraft) => {
    const { representative_password: password, has_representative_password: hasPassword, ...rest } = draft;
    const passwordPatch: Partial<TRecipient> =
      password !== undefined
        ? { representative_password: password, has_representative_password: true }
        : hasPassword
          ? {}
          : { representative_password: undefined, has_representative_password: false };
    if (recipient) {
      edit({ type: 'updateRecipient', key: recipient.key, patch: { ...rest, ...passwordPatch } });
    } else {
      const fresh: TRecipient = {
        key: newKey('r'),
        ...rest,
        signing_order: layout.settings.signing_order ? nextSigningOrder(layout.document_users) : 1,
        color: nextRecipientColor(layout.document_users),
        ...passwordPatch,
      };
      edit({ type: 'addRecipient', recipient: fresh });
    }
    onClose();
  };

  return (
    <RecipientDialog
      key={target || 'new'}
      opened
      mode={mode}
      recipient={recipient}
      others={others}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

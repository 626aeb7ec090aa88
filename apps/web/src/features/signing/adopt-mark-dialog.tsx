import { useState } from 'react';
import { Checkbox, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MarkEditor } from '../../shared/ui/mark-editor/mark-editor';
import { fitImageDataUrl, hasVisibleMark } from './mark-image';

export type MarkType = 'SIGNATURE' | 'INITIAL';

const WORDS: Record<MarkType, { noun: string; plural: string }> = {
  SIGNATURE: { noun: 'signature', plural: 'signature fields' },
  INITIAL: { noun: 'initials', plural: 'initials fields' },
};

export type AdoptMarkDialogProps = {
  opened: boolean;
  type: MarkType;
  /** What the Type tab starts with: the recipient's name or initials. */
  defaultText: string;
  /** The signed-in user's saved signature or initials, offered first. */
  saved: string | null;
  /** Empty fields of this kind (besides the one being signed): "apply to all" is offered when > 1. */
  emptyCount: number;
  onAdopt: (dataUrl: string, applyToAll: boolean) => void;
  onClose: () => void;
};

/**
 * Adopt a signature or initials once: draw it, type it in a handwriting font, upload a picture, or
 * take the one saved on the account. The result is applied to the field tapped and, when chosen,
 * to every other empty field of the same kind.
 */
export function AdoptMarkDialog(props: AdoptMarkDialogProps) {
  const isSmall = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.type === 'SIGNATURE' ? 'Adopt your signature' : 'Adopt your initials'}
      size="lg"
      fullScreen={Boolean(isSmall)}
      centered
    >
      {props.opened && <AdoptMarkForm {...props} />}
    </Modal>
  );
}

function AdoptMarkForm({ type, defaultText, saved, emptyCount, onAdopt, onClose }: AdoptMarkDialogProps) {
  const words = WORDS[type];
  const [applyToAll, setApplyToAll] = useState(true);

  /** Fitted to the API's size limit, and refused when nothing would show on the document. */
  const adopt = async (picture: string) => {
    const dataUrl = await fitImageDataUrl(picture);
    if (!(await hasVisibleMark(dataUrl))) {
      throw new Error(
        `This ${words.noun} ${type === 'INITIAL' ? 'are' : 'is'} blank: nothing would show on the document. ` +
          `Draw, type or upload a visible ${words.noun}.`,
      );
    }
    onAdopt(dataUrl, applyToAll && emptyCount > 1);
  };

  return (
    <MarkEditor
      kind={type === 'SIGNATURE' ? 'signature' : 'initial'}
      defaultText={defaultText}
      saved={saved}
      // A photo or scan of paper: its white background becomes transparent.
      whiteBackground="always"
      onDone={adopt}
      doneLabel="Adopt and sign"
      onCancel={onClose}
    >
      {emptyCount > 1 && (
        <Checkbox
          checked={applyToAll}
          onChange={(event) => setApplyToAll(event.currentTarget.checked)}
          label={`Sign all ${emptyCount} ${words.plural} with it`}
        />
      )}
      <Text size="xs" c="dimmed">
        By adopting, you agree that this {words.noun} is the electronic representation of your {words.noun}{' '}
        wherever you use it on this document.
      </Text>
    </MarkEditor>
  );
}

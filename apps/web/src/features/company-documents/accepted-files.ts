import type { TWorkflowStep } from '@esigns/contracts/workflows';
import { checkDocumentFile, extensionOf } from '../documents/upload/upload-files';

/*
 * What a request's upload page lets the recipient pick: a packet's step names the kinds it accepts
 * (`accepted_types`); the server converts PDF, Word, OpenDocument, RTF, PNG and JPEG to PDF, so a
 * kind it cannot convert (spreadsheets) is not offered. Without a list, every convertible kind.
 */

type Kind = TWorkflowStep['accepted_types'][number];

const KINDS: Partial<Record<Kind, { extensions: string[]; types: string[]; label: string }>> = {
  pdf: { extensions: ['pdf'], types: ['application/pdf'], label: 'PDF' },
  image: {
    extensions: ['png', 'jpg', 'jpeg'],
    types: ['image/png', 'image/jpeg'],
    label: 'photos (JPG, PNG)',
  },
  word: {
    extensions: ['docx', 'doc', 'odt', 'rtf'],
    types: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'application/vnd.oasis.opendocument.text',
      'application/rtf',
    ],
    label: 'Word documents',
  },
};

const ALL: Kind[] = ['pdf', 'image', 'word'];

function kindsOf(accepted: readonly Kind[] | undefined) {
  const wanted = accepted && accepted.length > 0 ? accepted : ALL;
  return wanted.flatMap((kind) => (KINDS[kind] ? [KINDS[kind]] : []));
}

/** The `accept` attribute of the file chooser. */
export function acceptAttribute(accepted: readonly Kind[] | undefined): string {
  return kindsOf(accepted)
    .flatMap((kind) => [...kind.extensions.map((ext) => `.${ext}`), ...kind.types])
    .join(',');
}

/** Whether a photo taken with the camera is one of the accepted kinds. */
export const acceptsPhotos = (accepted: readonly Kind[] | undefined): boolean =>
  kindsOf(accepted).includes(KINDS.image!);

/** "PDF or photos (JPG, PNG), up to 50 MB". */
export function acceptedHint(accepted: readonly Kind[] | undefined): string {
  const labels = kindsOf(accepted).map((kind) => kind.label);
  const words = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : labels[0];
  return `${words ?? 'PDF'}, up to 50 MB`;
}

/** Why `file` cannot be handed in (checked before any call), or null. */
export function checkRequestFile(file: File, accepted: readonly Kind[] | undefined): string | null {
  const problem = checkDocumentFile(file);
  if (problem) return problem;
  const extension = extensionOf(file.name);
  const isAccepted = kindsOf(accepted).some(
    (kind) => kind.extensions.includes(extension) || kind.types.includes(file.type),
  );
  return isAccepted
    ? null
    : `This request takes ${acceptedHint(accepted).replace(', up to 50 MB', '')} only.`;
}

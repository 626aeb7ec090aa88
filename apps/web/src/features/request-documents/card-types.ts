import {
  IconFileDots,
  IconFingerprint,
  IconHome,
  IconId,
  IconKey,
  IconPlaneDeparture,
  type Icon,
} from '@tabler/icons-react';

/**
 * The kinds of document an agency asks its clients for (India real estate). The API stores the
 * label as free text (it is shown in the mail to the contact); the web app uses the slug in its
 * addresses. "Other" lets the sender name the document; such names travel URL-encoded.
 */
export type CardType = { slug: string; label: string; description: string; icon: Icon };

export const CARD_TYPES: readonly CardType[] = [
  {
    slug: 'pan-card',
    label: 'PAN card',
    description: 'Permanent Account Number card from the Income Tax Department.',
    icon: IconId,
  },
  {
    slug: 'aadhaar',
    label: 'Aadhaar',
    description: 'The 12-digit identity card issued by UIDAI.',
    icon: IconFingerprint,
  },
  {
    slug: 'passport',
    label: 'Passport',
    description: 'The photo and address pages of a valid passport.',
    icon: IconPlaneDeparture,
  },
  {
    slug: 'sale-deed',
    label: 'Sale deed',
    description: 'The registered deed that transfers ownership of the property.',
    icon: IconHome,
  },
  {
    slug: 'rent-agreement',
    label: 'Rent agreement',
    description: 'The signed leave and licence or rent agreement.',
    icon: IconKey,
  },
  {
    slug: 'other',
    label: 'Other',
    description: 'Any other document: you name it.',
    icon: IconFileDots,
  },
];

export const OTHER_CARD_TYPE = 'other';

/** The known card type of a slug or label (any case), or undefined for a custom one. */
export function findCardType(value: string): CardType | undefined {
  const lower = value.trim().toLowerCase();
  return CARD_TYPES.find((type) => type.slug === lower || type.label.toLowerCase() === lower);
}

/** The label the API stores for an address segment: a known slug's label, else the decoded text. */
export function cardTypeLabel(segment: string): string {
  return findCardType(segment)?.label ?? segment;
}

/** The address segment of a stored label: a known type's slug, else the label itself. */
export function cardTypeSegment(label: string): string {
  return findCardType(label)?.slug ?? label;
}

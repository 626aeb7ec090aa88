import {
  IconBuilding,
  IconCalendar,
  IconCalendarCheck,
  IconCircleDot,
  IconCursorText,
  IconId,
  IconLetterCase,
  IconMail,
  IconNumbers,
  IconPhoto,
  IconSelect,
  IconSignature,
  IconSquareCheck,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import type { TFieldType } from '@esigns/contracts/documents';

/** One icon per field type, used in the palette, on the page and in the properties panel. */
export const FIELD_ICONS: Record<TFieldType, Icon> = {
  SIGNATURE: IconSignature,
  INITIAL: IconLetterCase,
  FULL_NAME: IconUser,
  EMAIL: IconMail,
  COMPANY: IconBuilding,
  TITLE: IconId,
  DATE_SIGNED: IconCalendarCheck,
  TEXT: IconCursorText,
  NUMBER: IconNumbers,
  DATE: IconCalendar,
  CHECKBOX: IconSquareCheck,
  RADIO: IconCircleDot,
  DROPDOWN: IconSelect,
  IMAGE: IconPhoto,
};

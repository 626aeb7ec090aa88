import { fireEvent, screen, within } from '@testing-library/react';

/** Types `value` into the input labelled `label` (one change event). */
export function typeInto(label: RegExp | string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The element with test id `testId` (a list row or card) that shows `text`; throws when there is none. */
export function rowWithText(testId: string, text: string): HTMLElement {
  const row = screen.getAllByTestId(testId).find((element) => within(element).queryByText(text));
  if (!row) throw new Error(`No ${testId} shows ${text}`);
  return row;
}

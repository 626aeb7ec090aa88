/** Puts `token` into `value` at the input's cursor (or at the end), and the cursor after it. */
export function insertAt(input: HTMLInputElement | null, value: string, token: string): string {
  const start = input?.selectionStart ?? value.length;
  const end = input?.selectionEnd ?? start;
  const next = value.slice(0, start) + token + value.slice(end);
  if (input) {
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(start + token.length, start + token.length);
    });
  }
  return next;
}

/** `path?email=…` so that the next account screen starts with the email already typed. */
export function withEmail(path: string, email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  return trimmed ? `${path}?${new URLSearchParams({ email: trimmed }).toString()}` : path;
}

/**
 * Opens a step's address in this tab as a fresh page. Each step's page reads its link (`?token=`,
 * `?t=`) once, when it loads, so moving between two steps of one kind (two signing links) must
 * not keep the first page's state. The server builds the address from the configured public
 * address, which may differ from the one in the address bar: the path is opened on this origin.
 */
export function openStepAddress(url: string): void {
  const target = new URL(url, window.location.origin);
  window.open(`${target.pathname}${target.search}${target.hash}`, '_self');
}

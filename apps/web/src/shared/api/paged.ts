import type { TPaged } from '@esigns/contracts/envelope';

/** A page of a list as the client holds it: after a failed fetch `total_pages` is absent. */
export type TListPage<T> = Pick<TPaged<T>, 'data' | 'total' | 'page'> & { total_pages?: number };

/** What a list becomes when its fetch fails (API conventions): `{ data: [], total: 0, page: 0 }`. */
export function emptyPage<T>(): TListPage<T> {
  return { data: [], total: 0, page: 0 };
}

/** Runs a page fetch and turns a failure into `emptyPage()`, handing the error to `onError`. */
export async function pageOrEmpty<T>(
  fetchPage: () => Promise<TListPage<T>>,
  onError: (error: unknown) => void = (error) => console.warn('List fetch failed', error),
): Promise<TListPage<T>> {
  try {
    return await fetchPage();
  } catch (error) {
    onError(error);
    return emptyPage<T>();
  }
}

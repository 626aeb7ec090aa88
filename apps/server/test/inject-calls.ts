import type { TestApp } from './test-app';

/* Plain API calls of a test file through `app.inject`, as a member (their headers) or a guest. */

export type Who = { headers: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answer = { json: () => unknown };

/** `call(method, url, who?, payload?)` bound to the test app (read when called: set in beforeAll). */
export const callsOf =
  (app: () => TestApp['app']) => (method: Method, url: string, who?: Who, payload?: unknown) =>
    app().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(who ? { headers: who.headers } : {}),
    });

/** The distinct keys of a 422 answer's details. */
export const detailKeys = (res: Answer): string[] => [
  ...new Set(
    ((res.json() as { errors?: { details?: { key: string }[] } }).errors?.details ?? []).map((d) => d.key),
  ),
];

/** PUT `bytes` to a signed storage link (its path and query) through the app. */
export const putSigned = (app: TestApp['app'], url: string, bytes: Buffer, contentType: string) => {
  const parsed = new URL(url);
  return app.inject({
    method: 'PUT',
    url: parsed.pathname + parsed.search,
    payload: bytes,
    headers: { 'content-type': contentType },
  });
};

/**
 * The pages the build draws ahead of the app (a "static page"): the first page most visitors
 * open, whose content does not depend on who asks. The server sends the drawn markup inside
 * `#root`, so the page is on screen and its form can be typed into as soon as the HTML and the
 * style sheet arrive, seconds before the app's scripts have run on a slow phone; the app then
 * takes the page over (hand-over.ts), keeping what was typed, the focus and a submit already
 * asked for. `variesWith`: query parameters that change what the page shows (the plain app is
 * sent when one is present).
 */
export type StaticPage = { path: string; variesWith: readonly string[] };

export const STATIC_PAGES: readonly StaticPage[] = [
  // `?company=<slug>` is a company's own staff sign-in page (its name and logo).
  { path: '/signin', variesWith: ['company'] },
  { path: '/signup', variesWith: [] },
];

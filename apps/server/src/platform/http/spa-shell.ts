import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The app's page for a screen address, with the scripts of that screen named in it when the web
 * build listed them (`route-preloads.json`, written by apps/web/build/route-preloads.ts for the
 * pages a first visit lands on: sign-in, sign-up, a signing link). `<link rel="modulepreload">`
 * lets the browser fetch and compile the screen's code while the entry script runs, instead of
 * learning of it once the router has matched the address. Other addresses get index.html as built.
 */
export type SpaShell = {
  /** The page with the preloads of `url`'s screen, or null when it has none (serve index.html). */
  pageFor(url: string): string | null;
};

const ZRoutePreloads = z.object({
  routes: z.array(
    z.object({
      pattern: z.string(),
      scripts: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
      styles: z.array(z.string().regex(/^assets\/[\w.-]+\.css$/)),
    }),
  ),
});

export function loadSpaShell(webDist: string): SpaShell {
  const listed = path.join(webDist, 'route-preloads.json');
  // Read once: the build that wrote them is the one being served.
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  if (!existsSync(listed) || !index.includes('</head>')) return { pageFor: () => null };
  const { routes } = ZRoutePreloads.parse(JSON.parse(readFileSync(listed, 'utf8')));
  const pages = routes.map((route) => {
    const links = [
      ...route.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...route.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return {
      pattern: new RegExp(route.pattern),
      page: index.replace('</head>', `${links.join('\n    ')}\n  </head>`),
    };
  });
  return {
    pageFor(url) {
      const pathname = url.split(/[?#]/, 1)[0] ?? '';
      return pages.find((entry) => entry.pattern.test(pathname))?.page ?? null;
    },
  };
}

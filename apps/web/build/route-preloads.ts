import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The pages a first visit lands on (the sign-in and sign-up pages, a signing link), each with the
 * lazily loaded modules its first screen needs: its layout and its screen.
 * Left alone, the browser learns of those modules only once the entry script has run and the
 * router has matched the address (one more round trip after the entry, under a busy main thread);
 * the server names them in the page itself (`<link rel="modulepreload">`, see the server's
 * spa-shell.ts), so that they download and compile while the entry does.
 */
export const FIRST_VISIT_ROUTES: readonly FirstVisitRoute[] = [
  {
    pattern: '^/signin/?$',
    modules: ['src/app/layouts/public-layout.tsx', 'src/features/auth/signin-screen.tsx'],
  },
  {
    pattern: '^/signup/?$',
    modules: ['src/app/layouts/public-layout.tsx', 'src/features/auth/signup-screen.tsx'],
  },
  {
    pattern: '^/emp-documents/preview/[^/]+/pp/vp/[^/]+/?$',
    // The signing screen too (small: it shows the first page's image while the view loads), so
    // that "Review and sign" opens it at once, however soon it is pressed.
    modules: [
      'src/app/layouts/public-layout.tsx',
      'src/features/signing/early-record.ts',
      'src/features/signing/landing-screen.tsx',
      'src/features/signing/signing-screen.tsx',
    ],
  },
  {
    // The signing screen opened again (a reload, the link opened a second time in the same tab).
    pattern: '^/emp-documents/custom/[^/]+/pp/?$',
    modules: ['src/app/layouts/public-layout.tsx', 'src/features/signing/signing-screen.tsx'],
  },
];

export type FirstVisitRoute = { pattern: string; modules: readonly string[] };

/**
 * The app's start, imported by the entry once the page is painted (src/main.tsx): every page
 * names its modules (`<link rel="modulepreload">` in index.html), so that they download and
 * compile with the entry's.
 */
export const BOOT_MODULE = 'src/boot.tsx';

/** What the build writes to `route-preloads.json`: per address pattern, the files to preload. */
export type RoutePreloads = {
  /** The app's start and what it imports, not already named by the entry (every page). */
  boot: string[];
  routes: { pattern: string; scripts: string[]; styles: string[] }[];
};

/** The part of a Rollup/Rolldown output chunk this plugin reads. */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
};
type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

/**
 * For each route, the chunks of its modules and everything they import statically, minus what
 * the page already preloads (the entry and its own static imports). A module the build does not
 * know (renamed, removed) fails the build: a silently empty list would undo the gain unnoticed.
 */
export function routePreloadsOf(
  bundle: Readonly<Record<string, BundleItem>>,
  routes: readonly FirstVisitRoute[],
  root: string,
): RoutePreloads {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const chunkOf = (module: string, what: string) => {
    const id = path.resolve(root, module);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`route-preloads: no chunk is made from ${module} (${what})`);
    return chunk.fileName;
  };
  const byEntry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const boot = [...closure([chunkOf(BOOT_MODULE, "the app's start")])].filter((file) => !byEntry.has(file));
  const preloaded = new Set([...byEntry, ...boot]);
  return {
    boot: boot.sort(),
    routes: routes.map((route) => {
      const starts = route.modules.map((module) => chunkOf(module, route.pattern));
      const files = [...closure(starts)].filter((file) => !preloaded.has(file)).sort();
      const styles = new Set<string>();
      for (const file of files)
        for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
      return { pattern: route.pattern, scripts: files, styles: [...styles].sort() };
    }),
  };
}

/** Writes `route-preloads.json` beside index.html (read by the server when it serves the page). */
export function routePreloads(root: string, routes = FIRST_VISIT_ROUTES): Plugin {
  return {
    name: 'esigns-route-preloads',
    // The client's build only (not the server-side drawing code's: scripts/build.mjs).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const preloads = routePreloadsOf(bundle as unknown as Record<string, BundleItem>, routes, root);
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const { boot } = routePreloadsOf(context.bundle as unknown as Record<string, BundleItem>, [], root);
        return boot.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

import path from 'node:path';

/**
 * Bundles the server's entry points (`main`, `worker`, `converter`, and `build-database-template`,
 * which the build runs) with esbuild into `outdir`:
 * the workspace's own TypeScript bundled, npm packages left in node_modules (so `outdir` must sit
 * inside the repository, one level below `apps/server`, for their resolution and the migrations
 * folder). Used by the build (`apps/server/dist`) and by the API suite for the server processes
 * its tests start (`apps/server/.test-dist-*`: no TypeScript compiled at each start).
 */
export async function bundleServer(root, outdir, { sourcemap = true } = {}) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: ['main', 'worker', 'converter', 'build-database-template'].map((name) =>
      path.join(root, `apps/server/src/${name}.ts`),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap,
    logLevel: 'warning',
    // npm packages stay in node_modules; only the workspace's own TypeScript is bundled.
    plugins: [
      {
        name: 'externalise-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@esigns/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

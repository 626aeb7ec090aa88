/** See server-bundle.mjs. */
export function bundleServer(root: string, outdir: string, options?: { sourcemap?: boolean }): Promise<void>;

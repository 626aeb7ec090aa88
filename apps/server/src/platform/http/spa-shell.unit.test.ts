import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSpaShell } from './spa-shell';

const INDEX =
  '<!doctype html><html><head><title>e-Signs</title></head><body><div id="root"></div></body></html>';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function webDist(preloads?: unknown): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spa-shell-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (preloads !== undefined) writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  return dir;
}

describe("the app's page with a screen's scripts named in it", () => {
  it('names the listed scripts and styles for a matching address, nothing elsewhere', () => {
    const shell = loadSpaShell(
      webDist({
        routes: [
          { pattern: '^/signin/?$', scripts: ['assets/signin-1.js'], styles: ['assets/signin-2.css'] },
        ],
      }),
    );
    const page = shell.pageFor('/signin?redirect_url=%2Fdocuments');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/signin-1.js">');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/signin-2.css">');
    expect(page!.indexOf('signin-1.js')).toBeLessThan(page!.indexOf('</head>'));
    expect(shell.pageFor('/signup')).toBeNull();
    expect(shell.pageFor('/signin/oauth')).toBeNull();
  });

  it('serves index.html as built when the build listed nothing', () => {
    expect(loadSpaShell(webDist()).pageFor('/signin')).toBeNull();
  });

  it('refuses a list naming anything but a built script or style (never echoed into the page)', () => {
    const bad = { routes: [{ pattern: '^/$', scripts: ['"><script>alert(1)</script>'], styles: [] }] };
    expect(() => loadSpaShell(webDist(bad))).toThrow();
  });
});

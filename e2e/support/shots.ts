import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where journeys put their screenshots (E2E_SHOTS_DIR, else a folder in the temp directory). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(SHOTS_DIR, { recursive: true });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * A full-page screenshot at desktop size (`<prefix>-<name>.png`) and at phone size
 * (`<prefix>-<name>-phone.png`); the page is left at desktop size. At phone size the shot waits for
 * the layout's transitions (the staff sidebar sliding away) to end: a busy page was caught halfway.
 */
export async function shootBothSizes(page: Page, prefix: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${prefix}-${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => {
    const sidebar = document.querySelector('.mantine-AppShell-navbar');
    const gone = !sidebar || sidebar.getBoundingClientRect().right <= 0;
    return gone && document.getAnimations().every((a) => !(a instanceof CSSTransition));
  });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${prefix}-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

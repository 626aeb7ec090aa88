import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Typed signatures in the handwriting fonts the app ships: the Type tab of the signature
// editor fetches the font files it needs from the app itself (not from the device, not from a
// font service), and the PNG it saves is drawn with them. Screenshots: e2e/screenshots/typed-*.png.
const shots = path.resolve(import.meta.dirname, '../screenshots');

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`typed signature in the shipped handwriting fonts (${viewport.name})`, async ({ page, request }) => {
    const id = `${uniqueId()}${viewport.name[0]}`;
    const email = `typist-${id}@example.com`;
    await signUpOwner(request, { email, company: `Typed ${id}`, first: 'Aditi', last: 'Rao' });
    await page.setViewportSize(viewport);
    await signInInBrowser(page, email);

    const fonts: string[] = [];
    page.on('response', (response) => {
      if (/\.woff2(\?|$)/.test(response.url()) && response.ok()) fonts.push(new URL(response.url()).pathname);
    });
    await page.goto('/profile/signature');
    await page.getByRole('tab', { name: 'Type' }).click();
    await page.getByLabel('Your name').fill('Aditi Rao');

    // Each style's font is a file of this app, loaded and used for the cards (check() alone would
    // also answer true for a family nobody registered: the fetched files say they are ours).
    for (const family of ['eSigns Dancing Script', 'eSigns Great Vibes', 'eSigns Kalam']) {
      await expect
        .poll(() => page.evaluate((f) => document.fonts.check(`32px '${f}'`, 'Aditi Rao'), family))
        .toBe(true);
    }
    expect(fonts.some((file) => /dancing-script-latin-400-normal.*\.woff2$/.test(file))).toBe(true);
    expect(fonts.some((file) => /great-vibes-latin-400-normal.*\.woff2$/.test(file))).toBe(true);
    expect(fonts.some((file) => /kalam-latin-400-normal.*\.woff2$/.test(file))).toBe(true);
    // Devanagari only when the name needs it.
    expect(fonts.some((file) => file.includes('devanagari'))).toBe(false);
    await page.getByLabel('Your name').fill('अदिति राव');
    await expect
      .poll(() => fonts.some((file) => /kalam-devanagari-400-normal.*\.woff2$/.test(file)))
      .toBe(true);
    await page.getByLabel('Your name').fill('Aditi Rao');

    await page.getByRole('radio', { name: 'Brush' }).click();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `typed-signature-${viewport.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.getByText('Signature saved')).toBeVisible();

    const saved = await page.getByTestId('mark-current').getAttribute('src');
    expect(saved).toBeTruthy();
  });
}

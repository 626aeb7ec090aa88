import {
  createTheme,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { TBranding } from '@esigns/contracts/branding-defaults';
import { readableTextOn } from '@esigns/contracts/contrast';
import { BASE_SHADE, generatePalette } from './color-palette';

/** Names of the brand palettes in `theme.colors`. */
export const PRIMARY_COLOR_NAME = 'brand';
export const SECONDARY_COLOR_NAME = 'brandSecondary';

/**
 * Filled buttons, badges... in the brand colours get the text that reads on them (white or black,
 * WCAG AA: `readableTextOn`); every other colour keeps Mantine's own.
 */
export function brandVariantColors(
  branding: Pick<TBranding, 'primary_color' | 'secondary_color'>,
): VariantColorsResolver {
  const onPrimary = readableTextOn(branding.primary_color);
  const onSecondary = readableTextOn(branding.secondary_color);
  return (input) => {
    const result = defaultVariantColorsResolver(input);
    if (input.variant !== 'filled') return result;
    const name = (input.color ?? PRIMARY_COLOR_NAME).split('.')[0];
    if (name === PRIMARY_COLOR_NAME) return { ...result, color: onPrimary };
    if (name === SECONDARY_COLOR_NAME) return { ...result, color: onSecondary };
    return result;
  };
}

/** The Mantine theme of a branding: primary palette from primary_color, a second from secondary_color. */
export function createAppTheme(
  branding: Pick<TBranding, 'primary_color' | 'secondary_color'>,
): MantineThemeOverride {
  return createTheme({
    variantColorResolver: brandVariantColors(branding),
    colors: {
      [PRIMARY_COLOR_NAME]: generatePalette(branding.primary_color),
      [SECONDARY_COLOR_NAME]: generatePalette(branding.secondary_color),
    },
    primaryColor: PRIMARY_COLOR_NAME,
    primaryShade: { light: BASE_SHADE, dark: 5 },
    // Text on the brand colours is chosen by `brandVariantColors`; other colours as Mantine draws them.
    autoContrast: false,
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
      Paper: { defaultProps: { radius: 'md' } },
      NavLink: { defaultProps: { variant: 'light' } },
    },
  });
}

import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { TBranding } from '@esigns/contracts/branding-defaults';
import { BASE_SHADE, generatePalette } from './color-palette';

/** Names of the brand palettes in `theme.colors`. */
export const PRIMARY_COLOR_NAME = 'brand';
export const SECONDARY_COLOR_NAME = 'brandSecondary';

/** The Mantine theme of a branding: primary palette from primary_color, a second from secondary_color. */
export function createAppTheme(
  branding: Pick<TBranding, 'primary_color' | 'secondary_color'>,
): MantineThemeOverride {
  return createTheme({
    colors: {
      [PRIMARY_COLOR_NAME]: generatePalette(branding.primary_color),
      [SECONDARY_COLOR_NAME]: generatePalette(branding.secondary_color),
    },
    primaryColor: PRIMARY_COLOR_NAME,
    primaryShade: { light: BASE_SHADE, dark: 5 },
    // White text on the brand orange, as the brand is used everywhere else.
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

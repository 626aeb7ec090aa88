import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { BrandingProvider, mergeBranding, useBranding } from './branding-provider';
import { createTheme, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { brandVariantColors, createAppTheme, PRIMARY_COLOR_NAME } from './theme';
import { usePageTitle } from './use-page-title';

afterEach(cleanup);

describe('mergeBranding', () => {
  it('keeps the defaults and applies non-empty overrides', () => {
    expect(mergeBranding(undefined)).toEqual(DEFAULT_BRANDING);
    const merged = mergeBranding({
      slogan: 'Sign faster',
      primary_color: '#123456',
      logo_url: '',
      app_name: null,
    });
    expect(merged.slogan).toBe('Sign faster');
    expect(merged.primary_color).toBe('#123456');
    expect(merged.logo_url).toBe(DEFAULT_BRANDING.logo_url);
    expect(merged.app_name).toBe(DEFAULT_BRANDING.app_name);
  });
});

describe('BrandingProvider', () => {
  function Probe() {
    const branding = useBranding();
    usePageTitle('Contacts');
    return <span data-testid="probe">{`${branding.slogan}|${branding.powered_by}`}</span>;
  }

  it('provides the merged branding and sets title, lang and robots', () => {
    const { getByTestId } = render(
      <BrandingProvider overrides={{ slogan: 'Custom slogan' }}>
        <Probe />
      </BrandingProvider>,
    );
    expect(getByTestId('probe').textContent).toBe('Custom slogan|Powered By e-Signs@v1.0');
    expect(document.title).toBe(`Contacts | ${window.location.host}`);
    expect(document.documentElement.lang).toBe('en');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index,follow');
  });
});

describe('createAppTheme', () => {
  it('uses the brand palette as the primary colour', () => {
    const theme = createAppTheme(DEFAULT_BRANDING);
    expect(theme.primaryColor).toBe(PRIMARY_COLOR_NAME);
    expect(theme.colors?.[PRIMARY_COLOR_NAME]?.[6]).toBe('#f27e0c');
    expect(theme.colors?.brandSecondary?.[6]).toBe('#ef2333');
  });
});

describe('brandVariantColors', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, createTheme(createAppTheme(DEFAULT_BRANDING)));
  const textOf = (
    branding: { primary_color: string; secondary_color: string },
    color?: string,
    variant = 'filled',
  ) => brandVariantColors(branding)({ color, theme, variant }).color;

  it('gives filled brand buttons the text that reads on them, other colours their own', () => {
    expect(textOf({ primary_color: '#F27E0C', secondary_color: '#0055aa' }, 'brand.6')).toBe('#000000');
    expect(textOf({ primary_color: '#0055aa', secondary_color: '#0055aa' }, 'brand')).toBe('#ffffff');
    expect(textOf({ primary_color: '#0055aa', secondary_color: '#ffd43b' }, 'brandSecondary')).toBe(
      '#000000',
    );
    expect(textOf({ primary_color: '#F27E0C', secondary_color: '#0055aa' }, 'red')).toBe(
      'var(--mantine-color-white)',
    );
    expect(textOf({ primary_color: '#F27E0C', secondary_color: '#0055aa' }, 'brand', 'light')).not.toBe(
      '#000000',
    );
  });
});

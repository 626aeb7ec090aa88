import { describe, expect, it } from 'vitest';
import { routePreloadsOf, type BundleChunk } from './route-preloads';

const chunk = (fileName: string, imports: string[], extra: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/layout.js': chunk('assets/layout.js', ['assets/react.js', 'assets/logo.js'], {
    facadeModuleId: '/web/src/layout.tsx',
  }),
  'assets/logo.js': chunk('assets/logo.js', []),
  'assets/signin.js': chunk('assets/signin.js', ['assets/form.js', 'assets/react.js'], {
    facadeModuleId: '/web/src/signin.tsx',
    viteMetadata: { importedCss: new Set(['assets/signin.css']) },
  }),
  'assets/form.js': chunk('assets/form.js', ['assets/logo.js']),
  'assets/boot.js': chunk('assets/boot.js', ['assets/react.js', 'assets/mantine.js'], {
    facadeModuleId: '/web/src/boot.tsx',
  }),
  'assets/mantine.js': chunk('assets/mantine.js', ['assets/react.js']),
  'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
};

describe('the scripts named in the page of a first visit', () => {
  it("are the route modules' chunks and their static imports, without what the entry preloads", () => {
    const preloads = routePreloadsOf(
      bundle,
      [{ pattern: '^/signin$', modules: ['src/layout.tsx', 'src/signin.tsx'] }],
      '/web',
    );
    expect(preloads.routes).toEqual([
      {
        pattern: '^/signin$',
        scripts: ['assets/form.js', 'assets/layout.js', 'assets/logo.js', 'assets/signin.js'],
        styles: ['assets/signin.css'],
      },
    ]);
  });

  it("name the app's start and its imports for every page, and leave them out of the routes' lists", () => {
    const withBootImport = {
      ...bundle,
      'assets/signin.js': chunk('assets/signin.js', ['assets/form.js', 'assets/mantine.js'], {
        facadeModuleId: '/web/src/signin.tsx',
      }),
    };
    const preloads = routePreloadsOf(
      withBootImport,
      [{ pattern: '^/signin$', modules: ['src/signin.tsx'] }],
      '/web',
    );
    expect(preloads.boot).toEqual(['assets/boot.js', 'assets/mantine.js']);
    expect(preloads.routes[0]?.scripts).toEqual(['assets/form.js', 'assets/logo.js', 'assets/signin.js']);
  });

  it('fail the build when a listed module makes no chunk (renamed or removed)', () => {
    expect(() => routePreloadsOf(bundle, [{ pattern: '^/x$', modules: ['src/gone.tsx'] }], '/web')).toThrow(
      /no chunk is made from src\/gone.tsx/,
    );
  });
});

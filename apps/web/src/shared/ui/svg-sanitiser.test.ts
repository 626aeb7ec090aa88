import { describe, expect, it } from 'vitest';
import { sanitiseSvg } from './svg-sanitiser';

describe('sanitiseSvg', () => {
  it('keeps a plain icon', () => {
    const out = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="none"/></svg>',
    );
    expect(out).toContain('<svg');
    expect(out).toContain('viewBox="0 0 24 24"');
    expect(out).toContain('<path d="M0 0h24v24H0z" fill="none"></path>');
  });

  it('accepts surrounding whitespace and a gradient referenced inside the icon', () => {
    const out = sanitiseSvg(
      '  <svg viewBox="0 0 1 1"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)"/><use href="#g"/></svg>\n',
    );
    expect(out).toContain('linearGradient');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('href="#g"');
  });

  it('strips scripts and event handlers', () => {
    const out = sanitiseSvg(
      '<svg onload="alert(1)" viewBox="0 0 1 1"><script>alert(2)</script><g onclick="x()"><path d="M0 0" onmouseover="y()"/></g></svg>',
    );
    expect(out).not.toBeNull();
    expect(out).not.toMatch(/script|onload|onclick|onmouseover|alert/i);
    expect(out).toContain('<path d="M0 0"></path>');
  });

  it('strips foreign content, animations and outside links', () => {
    const out = sanitiseSvg(
      '<svg><foreignObject><iframe src="https://evil"></iframe></foreignObject><a href="javascript:alert(1)"><path d="M1 1"/></a>' +
        '<animate attributeName="href" to="javascript:alert(1)"/><use href="https://evil/x.svg#a"/><image href="https://evil/x.png"/>' +
        '<rect style="fill: url(https://evil/track)"/></svg>',
    );
    expect(out).not.toBeNull();
    expect(out).not.toMatch(/foreignObject|iframe|javascript|animate|evil|<image|<a /i);
  });

  it.each([
    ['', 'empty'],
    ['not markup', 'text'],
    ['<div><svg></svg></div>', 'svg inside html'],
    ['<img src=x onerror=alert(1)>', 'html'],
    ['<svg></svg><svg></svg>', 'two icons'],
    ['text <svg></svg>', 'stray text'],
    ['<script>alert(1)</script>', 'script'],
  ])('refuses %j (%s)', (markup) => {
    expect(sanitiseSvg(markup)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(sanitiseSvg(null)).toBeNull();
    expect(sanitiseSvg(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlToText, renderMailLayout } from './mail-layout';

const base = {
  heading: 'Please sign',
  bodyHtml: '<p>Alice sent you <strong>Contract.pdf</strong>.</p>',
  publicUrl: 'https://sign.example.com',
};

describe('renderMailLayout', () => {
  it('escapes the heading, the button label and the button URL', () => {
    const { html } = renderMailLayout({
      ...base,
      heading: '<script>alert(1)</script> & "you"',
      button: { label: '<b>Sign</b>', url: 'https://sign.example.com/s?a=1&b="2"' },
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;you&quot;');
    expect(html).toContain('&lt;b&gt;Sign&lt;/b&gt;');
    expect(html).not.toContain('<b>Sign</b>');
    expect(html).toContain('href="https://sign.example.com/s?a=1&amp;b=&quot;2&quot;"');
  });

  it('keeps the trusted body as it is', () => {
    const { html } = renderMailLayout(base);
    expect(html).toContain('<p>Alice sent you <strong>Contract.pdf</strong>.</p>');
  });

  it('uses the primary colour for the header bar and the button, and an absolute logo URL', () => {
    const { html } = renderMailLayout({
      ...base,
      button: { label: 'Open', url: 'https://x.example.com/d/1' },
    });
    expect(html).toContain('background-color:#F27E0C');
    expect(html.match(/#F27E0C/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('src="https://sign.example.com/logo.svg"');
    expect(html).toContain('max-width:600px');
  });

  it('applies company branding and refuses a colour that is not a hex value', () => {
    const branded = renderMailLayout({
      ...base,
      branding: { primary_color: '#123456', logo_url: 'https://cdn.example.com/acme.png', app_name: 'Acme' },
    });
    expect(branded.html).toContain('background-color:#123456');
    expect(branded.html).toContain('src="https://cdn.example.com/acme.png"');
    expect(branded.html).toContain('alt="Acme"');

    const injected = renderMailLayout({ ...base, branding: { primary_color: 'red;background:url(x)' } });
    expect(injected.html).not.toContain('url(x)');
    expect(injected.html).toContain('#F27E0C');
  });

  it('shows the raw link below the button and the powered-by footer with the slogan', () => {
    const { html } = renderMailLayout({
      ...base,
      button: { label: 'Sign now', url: 'https://x.example.com/d/1' },
    });
    expect(html).toContain('>https://x.example.com/d/1</a>');
    expect(html).toContain('Powered By e-Signs@v1.0');
    expect(html).toContain('You Select, We Protect');
  });

  it('never turns a javascript: URL into a link', () => {
    const { html, text } = renderMailLayout({ ...base, button: { label: 'Go', url: 'javascript:alert(1)' } });
    expect(html).not.toContain('javascript:');
    expect(text).not.toContain('javascript:');
  });

  it('derives a text version with the heading, the body, the link and the footer', () => {
    const { text } = renderMailLayout({
      ...base,
      bodyHtml: '<p>Hello &amp; welcome.</p><p>Read the <a href="https://x.example.com/terms">terms</a>.</p>',
      button: { label: 'Sign now', url: 'https://x.example.com/d/1' },
    });
    expect(text).toContain('Please sign');
    expect(text).toContain('Hello & welcome.');
    expect(text).toContain('terms: https://x.example.com/terms');
    expect(text).toContain('Sign now: https://x.example.com/d/1');
    expect(text).toContain('Powered By e-Signs@v1.0');
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('adds a hidden preheader, escaped', () => {
    const { html } = renderMailLayout({ ...base, preheader: 'Due <tomorrow>' });
    expect(html).toContain('Due &lt;tomorrow&gt;');
    expect(html).toContain('display:none');
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['a<br>b<br/>c', 'a\nb\nc'],
    ['<ul><li>x</li><li>y</li></ul>', '- x\n- y'],
    ['<a href="https://e.example.com">https://e.example.com</a>', 'https://e.example.com'],
    ["<a href='mailto:help@example.com'>help@example.com</a>", 'help@example.com'],
    ['<style>p{color:red}</style><p>Hi&nbsp;there &#169; &#x41;</p>', 'Hi there © A'],
  ])('%s', (html, expected) => {
    expect(htmlToText(html)).toBe(expected);
  });
});

describe('escapeHtml', () => {
  it('escapes the five significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderMailLayout with a company frame', () => {
  const frame = {
    header_html: '<p><strong>Acme Realty</strong></p>',
    footer_html: '<p>1 Main Street · <a href="https://acme.example.com">acme.example.com</a></p>',
  };

  it('puts the header above the heading and the footer below the body, each in its own row', () => {
    const { html } = renderMailLayout({
      ...base,
      button: { label: 'Open', url: 'https://x.example.com/d/1' },
      frame,
    });
    const at = (needle: string) => html.indexOf(needle);
    expect(at('<strong>Acme Realty</strong>')).toBeGreaterThan(0);
    expect(at('<strong>Acme Realty</strong>')).toBeLessThan(at('<h1'));
    expect(at('1 Main Street')).toBeGreaterThan(at('If the button does not work'));
    expect(at('1 Main Street')).toBeLessThan(at('Powered By'));
    expect(html).toMatch(
      /<tr><td class="px" style="padding:16px 32px 0;[^"]*">\n<p><strong>Acme Realty<\/strong><\/p>\n<\/td><\/tr>/,
    );
  });

  it('gives the text part a text version of both', () => {
    const { text } = renderMailLayout({ ...base, frame });
    expect(text.startsWith('Acme Realty\n\nPlease sign')).toBe(true);
    expect(text).toContain('1 Main Street · acme.example.com: https://acme.example.com\n\n--');
  });

  it('renders as without a frame when it is missing or empty', () => {
    const plain = renderMailLayout(base);
    expect(renderMailLayout({ ...base, frame: null })).toEqual(plain);
    const empty = renderMailLayout({ ...base, frame: { header_html: '  ', footer_html: '' } });
    expect(empty.text).toBe(plain.text);
    expect(empty.html.replace(/\n+/g, '\n')).toBe(plain.html.replace(/\n+/g, '\n'));
  });
});

import { describe, expect, it } from 'vitest';
import { fillHtml, fillSubject } from './render';
import { hasMergeFieldInTag, sanitizeRichText } from './sanitize';

describe('sanitizeRichText: attacks are dropped', () => {
  const attacks: [name: string, html: string, gone: RegExp][] = [
    ['a script', '<p>Hi</p><script>alert(1)</script>', /script|alert/i],
    ['an event handler', '<p onclick="alert(1)">Hi</p>', /onclick|alert/i],
    ['an image error handler', '<img src="https://x.test/a.png" onerror="alert(1)">', /onerror|alert/i],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript|alert/i],
    ['a javascript: link with entities', '<a href="jav&#x61;script:alert(1)">x</a>', /script|alert/i],
    ['a javascript: link with spaces', '<a href=" javascript:alert(1)">x</a>', /javascript|alert/i],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['a protocol-relative link', '<a href="//evil.test/">x</a>', /evil/i],
    ['a relative link', '<a href="/admin">x</a>', /admin/i],
    ['an iframe', '<iframe src="https://evil.test"></iframe><p>ok</p>', /iframe|evil/i],
    [
      'a form',
      '<form action="https://evil.test"><input name="a"><button>Go</button></form>',
      /form|input|button|evil/i,
    ],
    ['an object', '<object data="x.swf"></object><embed src="x.swf">', /object|embed|swf/i],
    ['a style element', '<style>body{display:none}</style><p>ok</p>', /style|display/i],
    ['a svg with script', '<svg><script>alert(1)</script></svg>', /svg|script|alert/i],
    ['an svg image by data URL', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', /svg|<img/i],
    ['a javascript: image', '<img src="javascript:alert(1)">', /javascript|<img/i],
    ['a CSS expression', '<p style="width:expression(alert(1))">x</p>', /expression|alert/i],
    ['CSS url()', '<span style="background-image:url(https://evil.test/a.png)">x</span>', /url|evil/i],
    ['position fixed', '<p style="position:fixed;top:0">x</p>', /position|fixed/i],
    ['a colour with an injection', '<span style="color:red;background:url(x)">x</span>', /url/i],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.test">', /meta|evil/i],
    ['a base tag', '<base href="https://evil.test/">', /base|evil/i],
    ['a link tag', '<link rel="stylesheet" href="https://evil.test/a.css">', /link|evil/i],
    ['a comment hiding markup', '<!--<script>alert(1)</script>--><p>ok</p>', /script|alert|<!--/i],
    ['an unclosed tag', '<p>ok<img src=x onerror=alert(1)//', /onerror|alert/i],
    ['a srcdoc frame', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', /iframe|script/i],
    ['a class and id', '<p class="x" id="y">ok</p>', /class|id=/i],
  ];
  it.each(attacks)('%s', (_name, html, gone) => {
    expect(sanitizeRichText(html)).not.toMatch(gone);
  });
});

describe('sanitizeRichText: what the editor makes is kept', () => {
  const kept: [name: string, html: string][] = [
    [
      'paragraphs and marks',
      '<p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>strike</s><br />next</p>',
    ],
    ['headings', '<h1>One</h1><h2>Two</h2><h3>Three</h3>'],
    ['lists and quotes', '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>'],
    ['a https link', '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">x</a>'],
    ['a mailto link', '<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ['a merge field link', '<a href="{{record.url}}" target="_blank" rel="noopener noreferrer">Open</a>'],
    ['an image', '<img src="https://example.com/a.png" alt="A" />'],
    ['a png data image', '<img src="data:image/png;base64,iVBORw0KGgo=" />'],
    ['styled text', '<p style="text-align:center"><span style="color:#ff0000;font-size:18px">x</span></p>'],
    ['a table', '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>'],
  ];
  it.each(kept)('%s', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('sets target and rel on links', () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('filling merge fields', () => {
  const values = new Map([
    ['tenant.name', '<script>alert(1)</script> & "Ann"'],
    ['tenant.notes', 'line 1\nline 2'],
    ['tenant.site', 'javascript:alert(1)'],
    ['tenant.empty', ''],
  ]);

  it('escapes values in HTML, keeps line breaks, empties unknown and empty fields', () => {
    const filled = fillHtml(
      '<p>Hi {{tenant.name}}, {{ tenant.notes }}.{{tenant.empty}}{{gone.field}}</p>',
      values,
    );
    expect(filled.out).toBe(
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ann&quot;, line 1<br>line 2.</p>',
    );
    expect(filled.empty).toEqual(['tenant.empty', 'gone.field']);
  });

  it('sanitises again when a value stands in a link', () => {
    const html = '<a href="{{tenant.site}}" target="_blank" rel="noopener noreferrer">site</a>';
    expect(hasMergeFieldInTag(html)).toBe(true);
    expect(fillHtml(html, values).out).not.toMatch(/javascript/);
  });

  it('keeps the subject plain and on one line', () => {
    expect(fillSubject('Hello {{tenant.name}} {{tenant.notes}}{{x.y}}', values)).toEqual({
      out: 'Hello <script>alert(1)</script> & "Ann" line 1 line 2',
      empty: ['x.y'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fillHtml, fillSubject } from './render';

const URL_VALUE = 'https://app.example.com/entity/e1/record/r1?a=1&b=2';
const values = new Map([
  ['record.url', URL_VALUE],
  ['tenant.name', 'Asha <b>'],
]);
const ESCAPED = 'https://app.example.com/entity/e1/record/r1?a=1&amp;b=2';
const LINK = `<a href="${ESCAPED}" target="_blank" rel="noopener noreferrer">`;

describe('merge fields in a mail', () => {
  it('makes {{record.url}} standing as text a link to itself', () => {
    expect(fillHtml('<p>Open {{record.url}} now</p>', values).out).toBe(
      `<p>Open ${LINK}${ESCAPED}</a> now</p>`,
    );
  });

  it('leaves it as it is inside a link or an attribute (no link in a link)', () => {
    expect(fillHtml('<p><a href="{{record.url}}">the record</a></p>', values).out).toBe(
      `<p>${LINK}the record</a></p>`,
    );
    expect(fillHtml('<p><a href="https://x.example">{{record.url}}</a></p>', values).out).toBe(
      `<p><a href="https://x.example">${ESCAPED}</a></p>`,
    );
  });

  it('links again after a closed link, and never links other fields or an empty value', () => {
    expect(fillHtml('<p><a href="https://x.example">x</a> {{record.url}}</p>', values).out).toContain(
      `${LINK}${ESCAPED}</a>`,
    );
    expect(fillHtml('<p>{{tenant.name}}</p>', values).out).toBe('<p>Asha &lt;b&gt;</p>');
    expect(fillHtml('<p>{{record.url}}</p>', new Map()).out).toBe('<p></p>');
  });

  it('keeps the subject plain text', () => {
    expect(fillSubject('See {{record.url}}', values).out).toBe(`See ${URL_VALUE}`);
  });
});

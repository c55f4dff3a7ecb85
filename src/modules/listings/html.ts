// The one way markup is made for public pages: `html` escapes every interpolated value unless
// it is markup that `html` itself made (SafeHtml). Dealer and buyer text can therefore never
// reach a page unescaped — in text, in attributes (always quoted with "), or in meta tags.
// JSON-LD inside <script> is the one raw-text context: `jsonLd` writes it with <, >, & and the
// JavaScript line separators as \u escapes, so no text can close the script element.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
const UNSAFE = /[&<>"'`]/g;

/** Text for HTML content or a quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(UNSAFE, (c) => ESCAPES[c]!);
}

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested html results pass through. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

const JSON_UNSAFE = /[<>&\u2028\u2029]/g;

/** A JSON-LD <script> element for `data`. */
export function jsonLd(data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new SafeHtml(`<script type="application/ld+json">${json}</script>`);
}

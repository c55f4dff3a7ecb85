// The one way markup is made, for the panel and the public pages alike: `html` escapes every
// interpolated value unless it is markup `html` itself made (Html), so a dealer's or buyer's text
// can never reach a page unescaped — in text, in attributes (always quoted with "), or in meta
// tags. JSON-LD inside <script> is the one raw-text context: `jsonLd` writes it with <, >, & and
// the JavaScript line separators as \u escapes, so no text can close the script element.
// Hand-written rather than a template engine: pages stay type-checked TypeScript, with no
// template files to load, compile or keep in step with their data.

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
const UNSAFE = /[&<>"'`]/g;

/** Text for HTML content or a quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(UNSAFE, (c) => ESCAPES[c]!);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested html results pass through. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

const JSON_UNSAFE = /[<>&\u2028\u2029]/g;

/** A JSON-LD <script> element for `data`. */
export function jsonLd(data: unknown): Html {
  const json = JSON.stringify(data).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new Html(`<script type="application/ld+json">${json}</script>`);
}

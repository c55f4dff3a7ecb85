// A page's words as the page reads them (P179). The catalogue's codes under a prefix
// (`keys.title`, `keys.done.revoked`) become, per language, an object of the same shape
// (`t.title`, `t.done.revoked`): a text without parameters is its string, one with parameters a
// function taking them in the order of its `p` (`t.confirmRevoke(name)`), formatted as every code
// is (ICU by intl-messageformat: plurals, and numbers in the language's digits). A language's
// object is made on its first use; a function's message is compiled on its first call and kept.
import { CATALOGUE } from './catalogue.js';
import type { Entry } from './entry.js';
import { LANGS, type Lang } from './lang.js';
import { formatOf } from './render.js';

type Catalogue = typeof CATALOGUE;
type Code = keyof Catalogue;
/** A text, or a function of its parameters (text or number each, in the order of `p`). */
type Leaf<C extends Code> = Catalogue[C] extends { readonly p: infer P extends readonly string[] }
  ? (...values: { -readonly [I in keyof P]: string | number }) => string
  : string;
type Rest<P extends string, C = Code> = C extends `${P}${infer R}` ? R : never;
type Head<R> = R extends `${infer H}.${string}` ? H : R;

/** The texts of the codes under `P` (which ends with a dot), as a page reads them. */
export type Texts<P extends string> = {
  readonly [H in Head<Rest<P>>]: `${P}${H}` extends Code ? Leaf<`${P}${H}`> : Texts<`${P}${H}.`>;
};

type Node = { [key: string]: Node | string | ((...values: (string | number)[]) => string) };

// A text that ICU reads as it is written (no argument, no quote) is its own string.
const PLAIN = /^[^{}']*$/;

function build(prefix: string, lang: Lang): Node {
  const root: Node = Object.create(null) as Node;
  for (const [code, e] of Object.entries(CATALOGUE as Record<string, Entry>)) {
    if (!code.startsWith(prefix)) continue;
    const path = code.slice(prefix.length).split('.');
    const last = path.pop()!;
    let node = root;
    for (const key of path) {
      const next = (node[key] ??= Object.create(null) as Node);
      if (typeof next !== 'object') throw new Error(`catalogue of words: ${code} is under the text ${prefix}${key}`);
      node = next;
    }
    if (Object.hasOwn(node, last)) throw new Error(`catalogue of words: ${code} is also a group of texts`);
    const names = e.p;
    node[last] = names
      ? (...values) => {
          const args: Record<string, string | number> = {};
          names.forEach((name, i) => (args[name] = values[i]!));
          return String(formatOf(lang, code).format(args));
        }
      : PLAIN.test(e[lang])
        ? e[lang]
        : String(formatOf(lang, code).format());
  }
  return deepFreeze(root);
}

function deepFreeze(node: Node): Node {
  for (const v of Object.values(node)) if (typeof v === 'object') deepFreeze(v);
  return Object.freeze(node);
}

/** The texts under `prefix` ('keys.') in each language, each made on its first use. */
export function textsOf<P extends `${string}.`>(prefix: P & (Rest<P> extends never ? never : unknown)): Readonly<Record<Lang, Texts<P>>> {
  if (!Object.keys(CATALOGUE).some((code) => code.startsWith(prefix))) throw new Error(`catalogue of words: no code starts with ${prefix}`);
  const made: Partial<Record<Lang, Texts<P>>> = {};
  const out = {} as Record<Lang, Texts<P>>;
  for (const lang of LANGS) Object.defineProperty(out, lang, { enumerable: true, get: () => (made[lang] ??= build(prefix, lang) as Texts<P>) });
  return Object.freeze(out);
}

/** The text of a group under a key that comes from outside (a query, a row), or undefined: never an Object property. */
export const pick = <T>(group: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(group, key) ? group[key] : undefined);

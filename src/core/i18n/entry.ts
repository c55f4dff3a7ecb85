// The shape of one entry of the catalogue of words (D31): the parameters its code gives, and
// its text in each language as an ICU message (plural, select, number). English is the API's
// default and keeps the sentences the API answered before D31 (P75).
import type { Lang } from './lang.js';

export type Entry = { readonly p?: readonly string[] } & { readonly [L in Lang]: string };
export type Table = Readonly<Record<string, Entry>>;

// The brand/model catalog (spec 2.10), kept as data in catalog-data.json. Brands and models
// match by name or slug, without regard to case or accents (D9).
import data from './catalog-data.json' with { type: 'json' };

interface RawModel {
  name: string;
  slug: string;
  /** Production periods; `null` as the end means still produced. */
  years: [number, number | null][];
}
interface RawBrand {
  name: string;
  slug: string;
  models: RawModel[];
}

export interface CatalogModel {
  name: string;
  slug: string;
  years: number[];
}
export interface CatalogBrand {
  name: string;
  slug: string;
  models: CatalogModel[];
}

export interface Catalog {
  brands: CatalogBrand[];
  findBrand(nameOrSlug: string): CatalogBrand | undefined;
  findModel(brand: CatalogBrand, nameOrSlug: string): CatalogModel | undefined;
}

/** Lowercase, accents removed, whitespace folded: "Citroën " → "citroen". */
const matchKey = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Builds the catalog. A model still produced lists years up to `lastModelYear` (the current
 * year + 1: next year's models are sold from the autumn before).
 */
export function buildCatalog(lastModelYear: number): Catalog {
  const modelIndex = new Map<CatalogBrand, Map<string, CatalogModel>>();
  const brandIndex = new Map<string, CatalogBrand>();
  const brands = (data as { brands: RawBrand[] }).brands.map((b) => {
    const models = b.models.map((m) => ({ name: m.name, slug: m.slug, years: expandYears(m.years, lastModelYear) }));
    const brand: CatalogBrand = { name: b.name, slug: b.slug, models };
    const idx = new Map<string, CatalogModel>();
    for (const m of models) {
      idx.set(matchKey(m.name), m);
      idx.set(m.slug, m);
    }
    modelIndex.set(brand, idx);
    brandIndex.set(matchKey(b.name), brand);
    brandIndex.set(b.slug, brand);
    return brand;
  });
  return {
    brands,
    findBrand: (s) => brandIndex.get(matchKey(s)),
    findModel: (brand, s) => modelIndex.get(brand)?.get(matchKey(s)),
  };
}

function expandYears(ranges: [number, number | null][], lastModelYear: number): number[] {
  const years: number[] = [];
  for (const [from, to] of ranges) for (let y = from; y <= (to ?? lastModelYear); y++) years.push(y);
  return years;
}

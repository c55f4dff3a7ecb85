// Validates src/modules/catalog/catalog-data.json (plain Node ESM, no dependencies).
// Usage: node scripts/check-catalog.mjs [path/to/catalog-data.json]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const file = resolve(process.argv[2] ?? resolve(here, '../src/modules/catalog/catalog-data.json'));

const MIN_BRANDS = 50;
const MIN_MODELS = 550;
const MIN_YEAR = 1950;
const MAX_YEAR = 2026;
const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const cmp = (a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

const errors = [];
const err = (msg) => errors.push(msg);
const isStr = (v) => typeof v === 'string' && v.trim() !== '' && v === v.trim();
const isYear = (v) => Number.isInteger(v) && v >= MIN_YEAR && v <= MAX_YEAR;

let data;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`cannot load ${file}: ${e.message}`);
  process.exit(1);
}

if (!data || typeof data !== 'object' || Array.isArray(data) || !Array.isArray(data.brands)) {
  console.error('top level must be an object with a "brands" array');
  process.exit(1);
}
for (const k of Object.keys(data)) if (k !== 'brands') err(`unexpected top-level key "${k}"`);

const brandSlugs = new Set();
const brandNames = new Set();
let models = 0;
let prevBrand = null;

for (const [bi, brand] of data.brands.entries()) {
  const where = `brands[${bi}]${brand && isStr(brand.name) ? ` (${brand.name})` : ''}`;
  if (!brand || typeof brand !== 'object') {
    err(`${where}: not an object`);
    continue;
  }
  for (const k of Object.keys(brand)) if (!['name', 'slug', 'models'].includes(k)) err(`${where}: unexpected key "${k}"`);
  if (!isStr(brand.name)) err(`${where}: invalid name`);
  if (typeof brand.slug !== 'string' || !SLUG_RE.test(brand.slug)) err(`${where}: invalid slug ${JSON.stringify(brand.slug)}`);
  if (isStr(brand.name)) {
    const key = brand.name.toLowerCase();
    if (brandNames.has(key)) err(`${where}: duplicate brand name`);
    brandNames.add(key);
    if (prevBrand !== null && cmp(prevBrand, brand.name) > 0) err(`${where}: brands not sorted ("${prevBrand}" before "${brand.name}")`);
    prevBrand = brand.name;
  }
  if (typeof brand.slug === 'string') {
    if (brandSlugs.has(brand.slug)) err(`${where}: duplicate brand slug "${brand.slug}"`);
    brandSlugs.add(brand.slug);
  }
  if (!Array.isArray(brand.models) || brand.models.length === 0) {
    err(`${where}: models must be a non-empty array`);
    continue;
  }

  const modelSlugs = new Set();
  const modelNames = new Set();
  let prevModel = null;
  for (const [mi, model] of brand.models.entries()) {
    models++;
    const mw = `${where} models[${mi}]${model && isStr(model.name) ? ` (${model.name})` : ''}`;
    if (!model || typeof model !== 'object') {
      err(`${mw}: not an object`);
      continue;
    }
    for (const k of Object.keys(model)) if (!['name', 'slug', 'years'].includes(k)) err(`${mw}: unexpected key "${k}"`);
    if (!isStr(model.name)) err(`${mw}: invalid name`);
    else {
      const key = model.name.toLowerCase();
      if (modelNames.has(key)) err(`${mw}: duplicate model name in brand`);
      modelNames.add(key);
      if (prevModel !== null && cmp(prevModel, model.name) > 0) err(`${mw}: models not sorted ("${prevModel}" before "${model.name}")`);
      prevModel = model.name;
    }
    if (typeof model.slug !== 'string' || !SLUG_RE.test(model.slug)) err(`${mw}: invalid slug ${JSON.stringify(model.slug)}`);
    else {
      if (modelSlugs.has(model.slug)) err(`${mw}: duplicate model slug "${model.slug}" in brand`);
      modelSlugs.add(model.slug);
    }
    if (!Array.isArray(model.years) || model.years.length === 0) {
      err(`${mw}: years must be a non-empty array`);
      continue;
    }
    let prevTo;
    for (const [ri, range] of model.years.entries()) {
      const rw = `${mw} years[${ri}]`;
      if (!Array.isArray(range) || range.length !== 2) {
        err(`${rw}: must be [from, to]`);
        break;
      }
      const [from, to] = range;
      if (!isYear(from)) {
        err(`${rw}: invalid from ${JSON.stringify(from)}`);
        break;
      }
      if (to !== null && (!isYear(to) || to < from)) {
        err(`${rw}: invalid to ${JSON.stringify(to)}`);
        break;
      }
      if (ri > 0) {
        if (prevTo === null) {
          err(`${rw}: follows an open-ended range`);
          break;
        }
        if (from <= prevTo) {
          err(`${rw}: overlaps or is not sorted after previous range`);
          break;
        }
      }
      prevTo = to;
    }
  }
}

if (data.brands.length < MIN_BRANDS) err(`only ${data.brands.length} brands (need >= ${MIN_BRANDS})`);
if (models < MIN_MODELS) err(`only ${models} models (need >= ${MIN_MODELS})`);

console.log(`brands=${data.brands.length} models=${models}`);
if (errors.length) {
  for (const e of errors) console.error(`ERROR: ${e}`);
  console.error(`${errors.length} problem(s) found`);
  process.exit(1);
}
console.log('OK');

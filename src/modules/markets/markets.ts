// Per-market vocabulary (spec 2.9). Codes of fuels, transmissions and conditions are the
// values the API accepts; they are the same words in every market.
import type { Lang } from '../../core/i18n/lang.js';

export interface Market {
  code: string;
  name: string;
  currencies: string[];
  default_currency: string;
  mileage_unit: 'km' | 'mi';
  fuels: string[];
  transmissions: string[];
  conditions: string[];
  photos: { min: number; max: number };
}

const TRANSMISSIONS = ['manual', 'automatic'];
const CONDITIONS = ['used', 'new'];
const PHOTOS = { min: 3, max: 10 };

function market(code: string, name: string, currencies: string[], mileage_unit: 'km' | 'mi', fuels: string[], default_currency = currencies[0]!): Market {
  return { code, name, currencies, default_currency, mileage_unit, fuels, transmissions: TRANSMISSIONS, conditions: CONDITIONS, photos: PHOTOS };
}

// Fuels follow what is sold in each market: CNG (GNC/GNV) conversions are common in Argentina,
// Colombia and Peru; flex-fuel cars (ethanol/gasoline) in Brazil and the US; LPG in Spain and Peru.
// Used cars in Uruguay are priced in US dollars, hence its default currency.
export const MARKETS: readonly Market[] = [
  market('ar', 'Argentina', ['ARS', 'USD'], 'km', ['gasoline', 'diesel', 'cng', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('br', 'Brazil', ['BRL'], 'km', ['flex', 'gasoline', 'ethanol', 'diesel', 'cng', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('cl', 'Chile', ['CLP', 'USD'], 'km', ['gasoline', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('co', 'Colombia', ['COP', 'USD'], 'km', ['gasoline', 'diesel', 'cng', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('mx', 'Mexico', ['MXN', 'USD'], 'km', ['gasoline', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('pe', 'Peru', ['PEN', 'USD'], 'km', ['gasoline', 'diesel', 'cng', 'lpg', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('uy', 'Uruguay', ['UYU', 'USD'], 'km', ['gasoline', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric'], 'USD'),
  market('es', 'Spain', ['EUR'], 'km', ['gasoline', 'diesel', 'lpg', 'cng', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('us', 'United States', ['USD'], 'mi', ['gasoline', 'diesel', 'flex', 'hybrid', 'plug_in_hybrid', 'electric']),
  market('uk', 'United Kingdom', ['GBP'], 'mi', ['gasoline', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric']),
];

const BY_CODE = new Map(MARKETS.map((m) => [m.code, m]));
export const MARKET_CODES = MARKETS.map((m) => m.code);
/** The longest market value any call takes, in characters as sent (codes are two letters; P187). */
export const MARKET_CODE_MAX = 8;
export const isMarketCode = (code: string): boolean => BY_CODE.has(code);
export const findMarket = (code: string): Market | undefined => BY_CODE.get(code.toLowerCase());
/** The fewest photos a car of this market needs (its cars' market is always a known one). */
export const minPhotosOf = (code: string): number => findMarket(code)?.photos.min ?? Math.min(...MARKETS.map((m) => m.photos.min));

/** Each market's BCP 47 locale: the language and number formats of its pages and of the panel. */
const MARKET_LOCALES: Record<string, string> = {
  ar: 'es-AR',
  br: 'pt-BR',
  cl: 'es-CL',
  co: 'es-CO',
  mx: 'es-MX',
  pe: 'es-PE',
  uy: 'es-UY',
  es: 'es-ES',
  us: 'en-US',
  uk: 'en-GB',
};
export const localeTagOf = (code: string): string => MARKET_LOCALES[code.toLowerCase()] ?? 'en-US';
/** es, pt or en: the language people of this market read. */
export const languageOf = (code: string): Lang => localeTagOf(code).slice(0, 2) as Lang;

/** A market's ISO 3166 country, as phone numbers are read in it (D32): the market code, but `uk` is GB. */
export const countryOfMarket = (code: string | undefined): string | undefined =>
  code && isMarketCode(code.toLowerCase()) ? (code.toLowerCase() === 'uk' ? 'GB' : code.toUpperCase()) : undefined;

/** Each market's time zone: a dealership's default one is its first market's (D32). */
export const MARKET_TIME_ZONES: Readonly<Record<string, string>> = {
  ar: 'America/Argentina/Buenos_Aires',
  uy: 'America/Montevideo',
  cl: 'America/Santiago',
  mx: 'America/Mexico_City',
  br: 'America/Sao_Paulo',
  co: 'America/Bogota',
  pe: 'America/Lima',
  es: 'Europe/Madrid',
  uk: 'Europe/London',
  us: 'America/New_York',
};
export const timeZoneOfMarket = (code: string | undefined): string => (code && MARKET_TIME_ZONES[code.toLowerCase()]) || 'UTC';
/** A dealership's time zone: its own (D32), else its first market's. */
export const dealerTimeZone = (own: string | null | undefined, markets: readonly string[]): string => own || timeZoneOfMarket(markets[0]);

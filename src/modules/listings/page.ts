// The public pages (D6, D19): templates only. Every value goes through `html`, which escapes it.
import { shownPhotos, shownUrls, type ShownPhoto } from '../vehicles/photos/state.js';
import { photoUrl } from '../photos/url.js';
import { logoOf } from '../dealers/logo.js';
import type { DealerRow } from '../../core/db/schema.js';
import type { Entered, InquiryField, Problem } from '../leads/inquiry.js';
import { EMAIL_MAX, HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX, PHONE_MAX } from '../leads/inquiry.js';
import { findMarket, timeZoneOfMarket } from '../markets/markets.js';
import { priceRatingOf, roundGap } from '../pricing/service.js';
import { labelOf } from '../pricing/model.js';
import { displayPhone } from '../markets/phone.js';
import { formatPrice, listingUrl, vehicleLabel } from '../vehicles/serialize.js';
import { carFacts } from '../vehicles/facts.js';
import { word } from '../../core/i18n/index.js';
import { Html, html, jsonLd } from '../../core/web/html.js';
import { localeOf, type PageLocale } from './locale.js';
import type { ListingRow, StorefrontCar } from './repository.js';
import { storefrontUrl } from './site.js';
import { RATING_FILTERS, STOREFRONT_SORTS, storefrontQuery, type Storefront } from './storefront.js';
import { galleryScriptPath } from './gallery-script.js';

const CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fafafa}',
  'header,main,footer{max-width:64rem;margin:0 auto;padding:.75rem 1rem}',
  'header{font-weight:600}footer{color:#444;font-size:.9rem}',
  'h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0}h2{font-size:1.2rem;margin:1.25rem 0 .5rem}',
  '.price{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}',
  '.gone-photo{margin:.5rem 0 1rem;max-width:40rem}.gone-photo img{display:block;width:100%;height:auto;border-radius:.5rem;opacity:.85}',
  // The price rating and drop (D44): under the price, a coloured mark per label (text says it too).
  '.price:has(+.price-notes){margin-bottom:.25rem}.price-notes{margin:0 0 1rem;font-size:.95rem}.price-notes p{margin:.1rem 0}',
  '.rating::before{content:"";display:inline-block;width:.7em;height:.7em;border-radius:50%;margin-right:.4em;vertical-align:baseline;background:#777}',
  '.rating-great::before{background:#0a7d32}.rating-good::before{background:#4c9a2a}.rating-fair::before{background:#1f5fa8}',
  '.rating-high::before{background:#c77700}.rating-overpriced::before{background:#b3261e}.drop{color:#0a6b2c;font-weight:600}',
  '.gallery{display:flex;gap:.5rem;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0}',
  '.gallery li{flex:0 0 min(100%,36rem);scroll-snap-align:start;position:relative}',
  '.gallery:focus{outline:3px solid #f9a825;outline-offset:2px}',
  '.count{position:absolute;right:.5rem;bottom:.5rem;background:rgba(0,0,0,.75);color:#fff;padding:0 .6rem;border-radius:1rem;font-size:.9rem}',
  '.thumbs{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 0}',
  '.thumbs a{position:relative;display:inline-flex;align-items:center;justify-content:center;min-width:2.75rem;min-height:2.75rem;border:1px solid #767676;border-radius:.25rem;background:#fff;text-decoration:none;font-weight:600}',
  // Thumbnails from 52rem (P145); on a phone the numbers, and the lazy images undisplayed are never fetched.
  '.thumbs img{display:none}.thumbs picture{display:contents}',
  '@media(min-width:52rem){.thumbs a{padding:0;overflow:hidden;border-width:2px}.thumbs img{display:block;width:6rem;height:4.5rem;object-fit:cover}.thumbs .n{position:absolute;left:-10000px}}',
  // The gallery's arrows and full-screen button (P145): shown by its script only ([hidden] otherwise).
  '[hidden]{display:none!important}.gal{position:relative}.zoom{display:block;cursor:zoom-in}',
  '.arrow{position:absolute;top:calc(50% - 1.375rem);display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;padding:0 0 .2rem;border:0;border-radius:50%;background:rgba(0,0,0,.75);color:#fff;font-size:1.75rem;line-height:1;cursor:pointer}',
  '.arrow.prev{left:.5rem}.arrow.next{right:.5rem}',
  '.full{position:absolute;left:.5rem;bottom:.5rem;padding:.25rem .75rem;font-size:.9rem;background:rgba(0,0,0,.75);border-radius:1rem}',
  '.arrow:focus,.full:focus{outline:3px solid #f9a825;outline-offset:1px}',
  '.gal:fullscreen{display:flex;align-items:center;background:#000}.gal:fullscreen .gallery{width:100%;gap:0}.gal:fullscreen .gallery li{flex-basis:100%}',
  '.gal:fullscreen .gallery img{width:100vw;height:100vh;aspect-ratio:auto;object-fit:contain;border-radius:0;background:none}.gal:fullscreen .zoom{cursor:default}',
  '.gallery picture{display:block}.gallery img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.5rem;background:#ddd}',
  // An upright photo (P247) is shown whole in the same 4:3 box, on a neutral ground: cropped to
  // 4:3 it would lose the top and bottom of the car. The box keeps its size: no shift (CLS 0).
  '.gallery img.upright,.card img.upright{object-fit:contain;background:#e4e4e4}',
  '.gone-photo img.upright{aspect-ratio:4/3;object-fit:contain;background:#e4e4e4}',
  '@media(min-width:52rem){.thumbs img.upright{object-fit:contain;background:#e4e4e4}}',
  '.specs{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0}',
  '.description{white-space:pre-line;overflow-wrap:anywhere}',
  'form{display:grid;gap:.75rem}label{display:block;font-weight:600}',
  'input,textarea{width:100%;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:.25rem;background:#fff}',
  'textarea{min-height:8rem}',
  'button{font:inherit;font-weight:600;padding:.6rem 1.2rem;background:#0b57d0;color:#fff;border:0;border-radius:.25rem;cursor:pointer}',
  'a:focus,button:focus,input:focus,textarea:focus{outline:3px solid #f9a825;outline-offset:1px}',
  '[aria-invalid=true]{border:2px solid #b3261e}.field-error{color:#b3261e;margin:.25rem 0 0}',
  '.errors{border:2px solid #b3261e;border-radius:.25rem;background:#fdecea;padding:.5rem 1rem}',
  '.hint{color:#444;font-size:.9rem;margin:0}',
  '.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}',
  '.skip{position:absolute;left:-10000px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}',
  '.aside{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem;align-self:start}',
  '@media(min-width:52rem){.layout{display:grid;grid-template-columns:minmax(0,1fr) 22rem;gap:2rem}}',
  'a{color:#0b57d0}',
  '.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;list-style:none;margin:0;padding:0}',
  '.card{background:#fff;border:1px solid #ddd;border-radius:.5rem;overflow:hidden}',
  '.card a{display:block;color:inherit;text-decoration:none;padding:0 0 .75rem}.card a:hover .card-title{text-decoration:underline}',
  '.card picture{display:block}.card img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:#ddd}',
  '.card-title{display:block;font-weight:600;margin:.5rem .75rem 0}.card-price{display:block;font-size:1.2rem;font-weight:700;margin:0 .75rem}',
  '.card-facts{display:block;color:#444;font-size:.9rem;margin:0 .75rem}',
  // Fields that grow to fill each row; the brand's box wide enough for "Todas as marcas" (no clipped words).
  '.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:0 0 1rem}',
  '.filters>div{flex:1 1 8rem}.filters>div:first-child{flex-basis:11.5rem}.filters>div:last-child{flex:0 1 auto}',
  'select{width:100%;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:.25rem;background:#fff}',
  // The storefront's folds (issue 40, P242): on a phone the contact card and the filters are two
  // buttons side by side (the cars on the first screen), an opened one the whole row. From 52rem,
  // where the browser lets CSS show a closed <details>' content, both stand open as cards, no JS.
  '.folds{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}.folds>details{flex:1 1 auto;margin:0;padding:0 .6rem;min-width:0;background:#fff;border:1px solid #ddd;border-radius:.5rem}.folds>details[open]{flex-basis:100%}',
  // The order and the rating filter have long words: a row of their own on a phone.
  '.filters>div.wide{flex-basis:14rem}',
  '.fold>summary{display:flex;align-items:center;gap:.4rem;min-height:2.75rem;cursor:pointer;font-weight:600;color:#0b57d0}.fold>summary::-webkit-details-marker{display:none}',
  ".fold>summary::before{content:'';flex:none;width:.45em;height:.45em;border:solid currentColor;border-width:0 2px 2px 0;transform:rotate(-45deg);margin-right:.2em}.fold[open]>summary::before{transform:rotate(45deg)}",
  '.fold>summary h2{font-size:1rem;margin:0;color:inherit}.fold>summary .n{display:inline-flex;align-items:center;justify-content:center;min-width:1.4rem;height:1.4rem;padding:0 .3rem;border-radius:.7rem;background:#0b57d0;color:#fff;font-size:.8rem}',
  '.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  '.cars-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 1rem}.cars-head h2{margin-top:.5rem}.cars-head p{margin:0}.fold .filters{border:0;padding:0 0 1rem;margin:0}',
  '@supports selector(::details-content){@media(min-width:52rem){.folds{display:block}.folds>details{margin:0 0 1rem;padding:0 1rem}.fold::details-content{content-visibility:visible}',
  '.fold>summary{pointer-events:none;color:inherit;min-height:0;padding:.75rem 0 .5rem}.fold>summary::before{display:none}.fold>summary h2{font-size:1.1rem}.fold.dealer-card>summary{padding-top:1rem}}}',
  // The price label on a car's card (D44, P243), words beside the colour.
  '.card-rating{display:block;font-size:.9rem;font-weight:600;margin:.25rem .75rem 0}',
  '.pager{display:flex;gap:1rem;flex-wrap:wrap;margin:1.5rem 0}',
  '.facts{color:#444;margin:-.75rem 0 1rem}',
  '.notice{border:2px solid #8a5a00;border-radius:.5rem;background:#fff4e0;padding:.75rem 1rem;font-weight:600}',
  // The dealership's card (P112) and its contact buttons: 44 px targets, words beside the colours.
  '.dealer-card{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:0 0 1rem}',
  '.dealer-card h2,.dealer-card h3{font-size:1.1rem;margin:0 0 .5rem;display:flex;align-items:center;gap:.5rem}',
  '.mono{display:inline-flex;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#e8eefc;color:#0b57d0;font-weight:700;flex:none}',
  // The logo (P132): a box of known size (the img's width/height give its ratio), so nothing moves when it arrives.
  '.logo{display:block;flex:none;width:auto;height:2.5rem;max-width:7.5rem;object-fit:contain}',
  '.store-head{display:flex;align-items:center;gap:1rem;margin:.67em 0}.store-head h1{margin:0}.store-head .logo,.store-head .mono{height:4rem;max-width:10rem}.store-head .mono{width:4rem;font-size:1.5rem}',
  // A phone's storefront head: a smaller logo and title, so a long name leaves the first car on the first screen.
  '@media(max-width:40rem){.store-head{gap:.75rem}.store-head h1{font-size:1.3rem}.store-head .logo,.store-head .mono{height:3rem;max-width:7.5rem}.store-head .mono{width:3rem;font-size:1.25rem}}',
  '.dealer-card p{margin:.25rem 0}.dealer-card .label{display:block;font-size:.85rem;color:#444}',
  '.btns{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0}',
  '.btn{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.25rem;font-weight:600;text-decoration:none;background:#0b57d0;color:#fff}',
  '.btn.wa{background:#0d6b35}.btn.ghost{background:#fff;color:#0b57d0;border:1px solid #0b57d0}',
  // The phone's contact bar (P113): sticky at the bottom of the car's details only, so it
  // scrolls away before the contact form comes up and never covers it; hidden beside the form.
  '.bar{position:sticky;bottom:0;z-index:1;display:flex;gap:.5rem;margin:1rem -1rem 0;padding:.5rem 1rem;background:#fff;border-top:1px solid #ddd}',
  '.bar .btn{flex:1}@media(min-width:52rem){.bar{display:none}}',
  '.errors a{color:#8c1d18}.errors h2{font-size:1.1rem;margin:.25rem 0}',
  '.steps{padding-left:1.25rem}',
].join('');
// Our own constant, not text: written as it is (html would turn its quotes into &quot;, which
// CSS does not read, and the whole font declaration was dropped: the pages fell back to serif).
const STYLE = new Html(CSS);

interface Head {
  title: string;
  description: string;
  noindex: boolean;
  canonical?: string;
  image?: string;
  extra?: Html;
  /** Open Graph type: product for a car, website otherwise. */
  ogType?: string;
}

function layout(l: PageLocale, head: Head, header: Html | string, body: Html): string {
  return html`<!doctype html>
<html lang="${l.tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
<meta name="description" content="${head.description}">
<link rel="icon" href="/favicon.ico">
${head.noindex ? html`<meta name="robots" content="noindex">\n` : ''}${
    head.canonical
      ? html`<link rel="canonical" href="${head.canonical}">
<meta property="og:type" content="${head.ogType ?? 'website'}">
<meta property="og:url" content="${head.canonical}">
`
      : ''
  }<meta property="og:title" content="${head.title}">
<meta property="og:description" content="${head.description}">
<meta property="og:locale" content="${l.og}">
${
  head.image
    ? html`<meta property="og:image" content="${head.image}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="${head.image}">
`
    : html`<meta name="twitter:card" content="summary">\n`
}<meta name="twitter:title" content="${head.title}">
<meta name="twitter:description" content="${head.description}">
<style>${STYLE}</style>
${head.extra ?? ''}</head>
<body>
<a class="skip" href="#main">${l.t.skip}</a>
<header>${header}</header>
<main id="main">
${body}
</main>
</body>
</html>
`.value;
}

/** State of the contact form when it is shown again: what was typed and what is wrong. */
export interface FormState {
  entered: Entered;
  problems: Problem[];
}

const EMPTY_FORM: FormState = { entered: { name: '', email: '', phone: '', message: '' }, problems: [] };

/**
 * A problem of the form in the page's language: a length's with its limit, an invisible
 * character's with the character and its place (P155).
 */
function problemText(l: PageLocale, p: Problem): string {
  const text = l.t.problems[p.code];
  if (typeof text === 'string') return text;
  // Each code's function takes its own parameters (`p`): a limit, or a character and its place.
  const format: (...values: (string | number)[]) => string = text;
  // D41: the number completed with an area code, or the country it is not a number of.
  if (p.example !== undefined) return format(p.example);
  if (p.market !== undefined) return format(word(l.lang, 'market', p.market));
  return p.found ? format(p.found.char, p.found.position) : format(p.max);
}

/** The word of a car's value (`gasoline` → "Nafta"), or the value as stored. */
const valueWord = (l: PageLocale, code: string | null): string => (code ? word(l.lang, 'value', code) : '');

function field(l: PageLocale, form: FormState, name: InquiryField, label: string, input: (attrs: Html) => Html, required = false): Html {
  const mine = form.problems.filter((p) => p.field === name);
  const id = `f-${name}`;
  const attrs = mine.length
    ? html`id="${id}" name="${name}" aria-invalid="true" aria-describedby="${id}-error"${required ? html` required` : ''}`
    : html`id="${id}" name="${name}"${required ? html` required` : ''}`;
  return html`<div>
<label for="${id}">${label}${required ? html` <span class="hint">(${l.t.required})</span>` : ''}</label>
${input(attrs)}${mine.length ? html`\n<p class="field-error" id="${id}-error">${mine.map((p) => problemText(l, p)).join(' ')}</p>` : ''}
</div>
`;
}

// The textarea's content starts on a new line: HTML drops one leading line break there, so
// a message that began with one comes back whole.
function contactForm(l: PageLocale, action: string, form: FormState): Html {
  const t = l.t;
  const v = form.entered;
  return html`<form method="post" action="${action}">
${form.problems.length ? errorSummary(l, form) : ''}${field(l, form, 'name', t.name, (a) => html`<input ${a} type="text" maxlength="${NAME_MAX}" autocomplete="name" value="${v.name}">`, true)}<p class="hint" id="contact-hint">${t.contactHint}</p>
${field(l, form, 'email', t.email, (a) => html`<input ${a} type="email" maxlength="${EMAIL_MAX}" autocomplete="email" value="${v.email}">`)}${field(l, form, 'phone', t.phone, (a) => html`<input ${a} type="tel" maxlength="${PHONE_MAX}" autocomplete="tel" value="${v.phone}">`)}${field(
    l,
    form,
    'message',
    t.message,
    (a) => html`<textarea ${a} maxlength="${MESSAGE_MAX}" rows="6">
${v.message}</textarea>`,
    true,
  )}<div class="hp" aria-hidden="true"><label for="f-${HONEYPOT_FIELD}">${t.honeypot}</label><input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<button type="submit">${t.send}</button>
<p class="hint">${t.privacy}</p>
</form>`;
}

/**
 * The form's problems, each a link to its field (P114). Focused when the page loads (autofocus,
 * no script): the browser scrolls to it and a screen reader reads it, instead of the page's top.
 */
function errorSummary(l: PageLocale, form: FormState): Html {
  const t = l.t;
  return html`<div class="errors" id="errors" role="alert" tabindex="-1" autofocus aria-labelledby="errors-title">
<h2 id="errors-title">${t.errorsTitle}</h2><p>${t.checkForm}</p><ul>${form.problems.map((p) => html`<li><a href="#f-${p.field}">${problemText(l, p)}</a></li>`)}</ul></div>
`;
}

/** schema.org's DriveWheelConfigurationValue for each drivetrain. */
const DRIVE_WHEELS: Record<string, string> = {
  fwd: 'https://schema.org/FrontWheelDriveConfiguration',
  rwd: 'https://schema.org/RearWheelDriveConfiguration',
  awd: 'https://schema.org/AllWheelDriveConfiguration',
  '4wd': 'https://schema.org/FourWheelDriveConfiguration',
};

const dealerLine = (row: ListingRow): string => [row.dealer_name, row.dealer_city].filter(Boolean).join(', ');

/** The page of a car for sale, with the contact form (empty, or as the buyer left it). */
/** A price that went down in the last 30 days (D44): by how much, and when. */
export interface PriceDrop {
  amount_cents: number;
  at: number;
}

const dropDates = new Map<string, Intl.DateTimeFormat>();

/**
 * The rating's line and the drop's under the price (D44): "Buen precio: $ 1.200.000 debajo del
 * precio esperado para su año y kilometraje, comparado con 37 autos", "Bajó $ 500.000 el 12 nov".
 */
function priceNotes(l: PageLocale, row: ListingRow, drop: PriceDrop | undefined): Html | string {
  const t = l.t;
  const rating = priceRatingOf(row);
  let ratingLine: Html | string = '';
  if (rating) {
    const expected = Number(row.price_expected_cents);
    const gap = Math.abs(row.price_cents - expected);
    // Within half a percent, the amount would be noise: the line says "the expected price".
    const why =
      gap * 200 < expected
        ? t.rating.same(rating.comparables)
        : row.price_cents < expected
          ? t.rating.below(l.price(roundGap(gap), row.currency), rating.comparables)
          : t.rating.above(l.price(roundGap(gap), row.currency), rating.comparables);
    ratingLine = html`<p class="rating rating-${rating.label}"><strong>${t.rating[rating.label]}</strong>: ${why}</p>`;
  }
  let dropLine: Html | string = '';
  if (drop) {
    const zone = timeZoneOfMarket(row.market);
    let f = dropDates.get(`${l.tag}\n${zone}`);
    if (!f) dropDates.set(`${l.tag}\n${zone}`, (f = new Intl.DateTimeFormat(l.tag, { day: 'numeric', month: 'short', timeZone: zone })));
    dropLine = html`<p class="drop">${t.priceDrop(l.price(drop.amount_cents, row.currency), f.format(drop.at))}</p>`;
  }
  return ratingLine || dropLine ? html`<div class="price-notes">${ratingLine}${dropLine}</div>` : '';
}

export function listingPage(row: ListingRow, publicBaseUrl: string, form: FormState = EMPTY_FORM, drop?: PriceDrop): string {
  const l = localeOf(row.market);
  const t = l.t;
  const url = listingUrl(publicBaseUrl, row.listing_id);
  const title = vehicleLabel(row);
  const price = l.price(row.price_cents, row.currency);
  const unit = findMarket(row.market)?.mileage_unit ?? 'km';
  const photos = shownUrls(publicBaseUrl, row.shown_photos);
  const shown = shownPhotos(row.shown_photos);
  // The car's facts from the field table (vehicles/facts.ts, P189); the VIN among them: buyers
  // check a car's history by it (P27). Then the stock ID exactly as stored (D26).
  const specs: [string, string][] = [
    ...carFacts(row, l.lang, 'public').flatMap((f): [string, string][] => (f.value === null ? [] : [[f.label, f.value]])),
    [t.stockId, row.external_id],
  ];
  const facts = keyFacts(l, row);
  // Search results and link previews show about 155 characters: the car, its price and key facts first.
  const description = clip(`${title} · ${price} · ${keyFacts(l, row, false)}${row.description ? `. ${row.description.replace(/\s+/g, ' ')}` : ''}`, 160);
  const storefront = storefrontUrl(publicBaseUrl, row.dealer_slug);
  const ld = jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: title,
    sku: row.external_id,
    brand: { '@type': 'Brand', name: row.brand },
    model: row.model,
    vehicleModelDate: String(row.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: row.mileage, unitCode: unit === 'mi' ? 'SMI' : 'KMT' },
    itemCondition: row.condition === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    ...(row.fuel ? { fuelType: row.fuel } : {}),
    ...(row.transmission ? { vehicleTransmission: row.transmission } : {}),
    ...(row.color ? { color: row.color } : {}),
    ...(row.vin ? { vehicleIdentificationNumber: row.vin } : {}),
    ...(row.body_style ? { bodyType: row.body_style } : {}),
    ...(row.drivetrain ? { driveWheelConfiguration: DRIVE_WHEELS[row.drivetrain] ?? row.drivetrain } : {}),
    ...(row.doors !== null ? { numberOfDoors: row.doors } : {}),
    ...(row.engine ? { vehicleEngine: { '@type': 'EngineSpecification', name: row.engine } } : {}),
    ...(row.interior_color ? { vehicleInteriorColor: row.interior_color } : {}),
    ...(row.description ? { description: row.description } : {}),
    image: photos,
    url,
    offers: {
      '@type': 'Offer',
      price: formatPrice(row.price_cents),
      priceCurrency: row.currency,
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'AutoDealer', name: row.dealer_name },
    },
  });
  const body = html`<div class="layout">
<article aria-labelledby="title">
<h1 id="title">${title}</h1>
<p class="price">${price}</p>
${priceNotes(l, row, drop)}
<p class="facts">${facts}</p>
<section aria-labelledby="photos-title">
<h2 id="photos-title">${t.photos}</h2>
${
  photos.length
    ? // A scroll-snap strip that works without JavaScript (P89): reachable and scrollable by
      // keyboard (tabindex), each photo with its counter and a link to its largest copy, and a
      // link to each photo below (a thumbnail from 52rem). The script adds arrows and the
      // full-screen view (P145); its buttons stay hidden without it. The script comes after the
      // photos, so the browser has found the first photo (the largest paint) before it.
      html`<div class="gal" data-gallery>
<ul class="gallery" tabindex="0" aria-label="${t.photos}">${shown.map(
        (p, i) =>
          html`<li id="photo-${i + 1}"><a class="zoom" href="${photoUrl(publicBaseUrl, p.file_id, 'display', p.ext)}">${picture(publicBaseUrl, p, t.photoAlt(i + 1, shown.length, title), GALLERY_SIZES, i === 0)}</a><span class="count" aria-hidden="true">${i + 1} / ${shown.length}</span></li>`,
      )}</ul>
<button type="button" class="arrow prev" data-step="-1" aria-label="${t.prevPhoto}" hidden>&lsaquo;</button><button type="button" class="arrow next" data-step="1" aria-label="${t.nextPhoto}" hidden>&rsaquo;</button>
<button type="button" class="full" data-open="${t.fullScreen}" data-close="${t.exitFullScreen}" aria-pressed="false" hidden>${t.fullScreen}</button>
</div>
<script src="${publicBaseUrl}${galleryScriptPath}" defer></script>
<p class="thumbs">${shown.map((p, i) => html`<a href="#photo-${i + 1}" aria-label="${t.photoAlt(i + 1, shown.length, title)}">${thumbnail(publicBaseUrl, p)}<span class="n">${i + 1}</span></a>`)}</p>`
    : html`<p>${t.noPhotos}</p>`
}
</section>
<section aria-labelledby="details-title">
<h2 id="details-title">${t.details}</h2>
<dl class="specs">${specs.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
</section>
${
  row.description
    ? html`<section aria-labelledby="description-title">
<h2 id="description-title">${t.description}</h2>
<div class="description">${row.description}</div>
</section>`
    : ''
}
${contactBar(l, row, url)}
</article>
<aside class="aside" id="contact" aria-labelledby="contact-title">
<h2 id="contact-title">${t.contactHeading}</h2>
${dealerCard(l, row, url, storefront, 'h3', publicBaseUrl)}
<p class="hint">${t.contactIntro}</p>
${contactForm(l, `${url}/inquiries`, form)}
</aside>
</div>`;
  return layout(
    l,
    {
      title: `${title} – ${price} | ${row.dealer_name}`,
      description,
      noindex: false,
      canonical: url,
      image: photos[0],
      extra: ld,
      ogType: 'product',
    },
    html`<a href="${storefront}">${dealerLine(row)}</a>`,
    body,
  );
}

/**
 * Sold, withdrawn and expired cars: one page for all three (D6), without the form. It says so
 * plainly and is no dead end: the dealership's card, its other cars for sale and its storefront
 * (P87), and similar cars for sale at any dealership (P115).
 */
export function gonePage(
  row: ListingRow,
  publicBaseUrl: string,
  others: readonly StorefrontCar[],
  notice?: string,
  similar: readonly StorefrontCar[] = [],
): string {
  const l = localeOf(row.market);
  const t = l.t;
  const car = vehicleLabel(row);
  const storefront = storefrontUrl(publicBaseUrl, row.dealer_slug);
  // Issue 40: the car's first photo again, so a shared or searched link still shows which car it was.
  const first = shownPhotos(row.shown_photos)[0];
  const body = html`<h1>${t.goneTitle}</h1>
${notice ? html`<p role="alert">${notice}</p>\n` : ''}<p class="notice">${t.goneHeadline}: ${car}</p>
${first ? html`<div class="gone-photo">${picture(publicBaseUrl, first, car, '(min-width: 40rem) 40rem, 100vw', true)}</div>\n` : ''}<p>${t.goneBody}</p>
${dealerCard(l, row, listingUrl(publicBaseUrl, row.listing_id), storefront, 'h2', publicBaseUrl)}
${
  others.length
    ? html`<section aria-labelledby="others-title">
<h2 id="others-title">${t.otherCars}</h2>
${carCards(l, publicBaseUrl, others)}
</section>
`
    : ''
}<p><a href="${storefront}">${t.seeAllCars}</a></p>
${
  similar.length
    ? html`<section aria-labelledby="similar-title">
<h2 id="similar-title">${t.similarCars}</h2>
${carCards(l, publicBaseUrl, similar)}
</section>
`
    : ''
}`;
  // Indexed, with its own canonical URL (P116): a search or a shared link that still leads here
  // finds the dealership and cars like it for sale. It is in no sitemap, so it fades from search.
  return layout(
    l,
    {
      title: `${t.goneTitle} – ${car}`,
      description: `${t.goneHeadline}: ${car}. ${t.goneBody}`,
      noindex: false,
      canonical: listingUrl(publicBaseUrl, row.listing_id),
      image: shownUrls(publicBaseUrl, row.shown_photos)[0],
    },
    html`<a href="${storefront}">${dealerLine(row)}</a>`,
    body,
  );
}

/** A map search for the dealership's address (a link: no map is embedded, no script, P112). */
const mapUrl = (address: string, city: string | null): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(city && !address.includes(city) ? `${address}, ${city}` : address)}`;

/**
 * The dealership on a car's page (D36, P87, P112): its name, address with a map link, opening
 * hours, phone and WhatsApp buttons (only the numbers it has; through D34's contact redirects,
 * the only way these pages link them, so each contact is counted), website and storefront.
 * Its logo (P132), or its initial when it has none.
 */
function dealerCard(l: PageLocale, row: ListingRow, carUrl: string, storefront: string, level: 'h2' | 'h3' = 'h3', base = ''): Html {
  const t = l.t;
  // A heading under the page's h1 (the sold car's page) or under the contact section's h2.
  // The car page's card is below the first screen on a phone: its logo is lazy; the sold page's is not.
  const mark = dealerMark(
    l,
    base,
    { name: row.dealer_name, logo_file_id: row.dealer_logo_file_id, logo_width: row.dealer_logo_width, logo_height: row.dealer_logo_height },
    level === 'h3',
  );
  const heading = html`${mark}<span><span class="label">${t.soldBy}</span>${row.dealer_name}</span>`;
  const phone = row.dealer_phone ? displayPhone(row.dealer_phone, row.market) : '';
  return html`<section class="dealer-card" aria-labelledby="dealer-title">
${level === 'h2' ? html`<h2 id="dealer-title">${heading}</h2>` : html`<h3 id="dealer-title">${heading}</h3>`}
${
  row.dealer_address
    ? html`<p><span class="label">${t.address}</span>${row.dealer_address}${row.dealer_city && !row.dealer_address.includes(row.dealer_city) ? html`, ${row.dealer_city}` : ''}<br><a href="${mapUrl(row.dealer_address, row.dealer_city)}" rel="noopener">${t.onMap}</a></p>
`
    : row.dealer_city
      ? html`<p>${row.dealer_city}</p>
`
      : ''
}${
    row.dealer_opening_hours
      ? html`<p><span class="label">${t.hours}</span>${row.dealer_opening_hours}</p>
`
      : ''
  }${
    row.dealer_phone || row.dealer_whatsapp
      ? html`<p class="btns">${row.dealer_whatsapp ? html`<a class="btn wa" href="${carUrl}/contact/whatsapp" rel="nofollow">${t.whatsapp}</a>` : ''}${
          row.dealer_phone ? html`<a class="btn ghost" href="${carUrl}/contact/phone" rel="nofollow">${t.call} ${phone}</a>` : ''
        }</p>
`
      : ''
  }${
    row.dealer_website && /^https?:\/\//i.test(row.dealer_website)
      ? html`<p><a href="${row.dealer_website}" rel="noopener nofollow">${t.website}</a></p>
`
      : ''
  }<p><a href="${storefront}">${t.seeAllCars}</a></p>
</section>`;
}

/** The dealership's logo (P132; width and height given, so no shift when it arrives) or, without one, its initial. */
function dealerMark(
  l: PageLocale,
  base: string,
  d: { name: string; logo_file_id: string | null; logo_width: number | null; logo_height: number | null },
  lazy: boolean,
): Html {
  const logo = logoOf(d, base);
  if (!logo) return html`<span class="mono" aria-hidden="true">${d.name.trim().charAt(0).toUpperCase()}</span>`;
  return html`<img class="logo" src="${logo.url}" alt="${l.t.logoAlt(d.name)}" width="${logo.width}" height="${logo.height}"${lazy ? html` loading="lazy"` : ''} decoding="async">`;
}

/** The dealership's address, opening hours, phone and WhatsApp buttons and website on its storefront (D32, P133). */
function storefrontProfile(l: PageLocale, base: string, d: DealerRow, market: string): Html {
  const t = l.t;
  const url = storefrontUrl(base, d.slug);
  const lines: Html[] = [];
  if (d.address)
    lines.push(
      html`<p><span class="label">${t.address}</span>${d.address}${d.city && !d.address.includes(d.city) ? html`, ${d.city}` : ''}<br><a href="${mapUrl(d.address, d.city)}" rel="noopener">${t.onMap}</a></p>`,
    );
  if (d.opening_hours) lines.push(html`<p><span class="label">${t.hours}</span>${d.opening_hours}</p>`);
  if (d.phone || d.whatsapp)
    lines.push(
      html`<p class="btns">${d.whatsapp ? html`<a class="btn wa" href="${url}/contact/whatsapp" rel="nofollow">${t.whatsapp}</a>` : ''}${
        d.phone ? html`<a class="btn ghost" href="${url}/contact/phone" rel="nofollow">${t.call} ${displayPhone(d.phone, market)}</a>` : ''
      }</p>`,
    );
  if (d.website && /^https?:\/\//i.test(d.website)) lines.push(html`<p><a href="${d.website}" rel="noopener nofollow">${t.website}</a></p>`);
  if (!lines.length) return html``;
  // Folded on a phone (P242): its summary is the card's heading.
  return html`<details class="dealer-card fold"><summary><h2 id="profile-title">${t.contactDealer}</h2></summary>
${lines.map(
  (line) => html`${line}
`,
)}</details>
`;
}

/**
 * On a phone, the car's details end in a bar of WhatsApp / call / write (P113): sticky at the
 * screen's bottom while the details scroll by, then left behind above the form (CSS .bar).
 * "Write" jumps to the form.
 */
function contactBar(l: PageLocale, row: ListingRow, carUrl: string): Html {
  const t = l.t;
  return html`<nav class="bar" aria-label="${t.quickContact}">${row.dealer_whatsapp ? html`<a class="btn wa" href="${carUrl}/contact/whatsapp" rel="nofollow">${t.whatsapp}</a>` : ''}${
    row.dealer_phone ? html`<a class="btn ghost" href="${carUrl}/contact/phone" rel="nofollow">${t.call}</a>` : ''
  }<a class="btn" href="#contact">${t.write}</a></nav>`;
}

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** A page with a heading and a sentence (not yet available, not found, errors). */
export function messagePage(market: string | undefined, title: string | ((l: PageLocale) => string), text: (l: PageLocale) => string, back?: string): string {
  const l = localeOf(market ?? '');
  const heading = typeof title === 'string' ? title : title(l);
  const body = html`<h1>${heading}</h1>
<p>${text(l)}</p>
${back ? html`<p><a href="${back}">${l.t.back}</a></p>` : ''}`;
  return layout(l, { title: heading, description: text(l), noindex: true }, '', body);
}

export const notYetPage = (row: ListingRow): string =>
  messagePage(
    row.market,
    (l) => l.t.notYetTitle,
    (l) => l.t.notYetBody,
  );
/**
 * An unknown car's (or dealership's) page in the visitor's language and market (P199): what
 * happened, and cars for sale now to go on with, each linking to its page and so to its
 * dealership's storefront. Still a 404, never indexed.
 */
export function notFoundPage(market: string, kind: 'listing' | 'dealer', cars: readonly StorefrontCar[], publicBaseUrl: string): string {
  const l = localeOf(market);
  const t = l.t;
  const title = kind === 'listing' ? t.notFoundTitle : t.dealerNotFoundTitle;
  const text = kind === 'listing' ? t.notFoundBody : t.dealerNotFoundBody;
  const body = html`<h1>${title}</h1>
<p>${text}</p>
${
  cars.length
    ? html`<section aria-labelledby="cars-title">
<h2 id="cars-title">${t.notFoundCars}</h2>
${carCards(l, publicBaseUrl, cars)}
</section>`
    : ''
}`;
  return layout(l, { title, description: text, noindex: true }, '', body);
}

/**
 * After an inquiry (P114): what happens next, WhatsApp when the dealership has it, and the way
 * back. `sent` (D40, P206): the buyer gave an e-mail (a copy was sent, answers come there) or a
 * phone only (the dealership calls or writes on WhatsApp); unknown: both ways.
 */
export function thanksPage(row: ListingRow, publicBaseUrl: string, sent?: 'email' | 'phone'): string {
  const l = localeOf(row.market);
  const t = l.t;
  const url = listingUrl(publicBaseUrl, row.listing_id);
  const steps =
    sent === 'email'
      ? [t.thanksNext.received(row.dealer_name), t.thanksMail.copySent(row.dealer_name), t.thanksMail.answersByMail]
      : sent === 'phone'
        ? [t.thanksNext.received(row.dealer_name), t.thanksMail.byPhone(row.dealer_name), t.thanksMail.keepPhone]
        : [t.thanksNext.received(row.dealer_name), t.thanksNext.answer, t.thanksNext.watch];
  const body = html`<h1>${t.thanksTitle}</h1>
<p>${t.thanksBody(row.dealer_name)}</p>
<section aria-labelledby="next-title">
<h2 id="next-title">${t.thanksNextTitle}</h2>
<ol class="steps">${steps.map((step) => html`<li>${step}</li>`)}</ol>
</section>
${
  row.dealer_whatsapp
    ? html`<p>${t.thanksWhatsappIntro}</p>
<p class="btns"><a class="btn wa" href="${url}/contact/whatsapp" rel="nofollow">${t.thanksWhatsapp}</a></p>
`
    : ''
}<p><a href="${url}">${t.back}</a></p>
<p><a href="${storefrontUrl(publicBaseUrl, row.dealer_slug)}">${t.seeAllCars}</a></p>`;
  return layout(
    l,
    { title: t.thanksTitle, description: t.thanksBody(row.dealer_name), noindex: true },
    html`<a href="${storefrontUrl(publicBaseUrl, row.dealer_slug)}">${dealerLine(row)}</a>`,
    body,
  );
}

/** The key facts of a car in one line: year · mileage · fuel · transmission · city (P87). */
function keyFacts(l: PageLocale, car: Pick<StorefrontCar, 'year' | 'mileage' | 'fuel' | 'transmission' | 'city' | 'market'>, withYear = true): string {
  const unit = findMarket(car.market)?.mileage_unit ?? 'km';
  return [withYear ? String(car.year) : '', l.mileage(car.mileage, unit), valueWord(l, car.fuel), valueWord(l, car.transmission), car.city ?? '']
    .filter(Boolean)
    .join(' · ');
}

/**
 * The gallery's photo is the page's width on a phone (less the margins), at most 36rem beside the
 * contact form (P88); a card is a column of the card grid.
 */
const GALLERY_SIZES = '(min-width: 40rem) 36rem, calc(100vw - 2rem)';
const CARD_SIZES = '(min-width: 52rem) 20rem, (min-width: 34rem) 50vw, calc(100vw - 2rem)';

/**
 * A stored photo in every width it was made in, WebP first where the browser takes it, JPEG (or
 * the photo's own format) otherwise (P88). The first photo of a page is fetched first
 * (fetchpriority high: it is the largest thing on the first screen), the others when scrolled
 * near. A photo made before P88 has its display copy only.
 */
function picture(base: string, p: ShownPhoto, alt: string, sizes: string, first: boolean): Html {
  const url = (variant: 'display' | 'w480' | 'w960', ext: string) => photoUrl(base, p.file_id, variant, ext);
  const dw = p.dw ?? 1280;
  const load = first ? html` fetchpriority="high"` : html` loading="lazy"`;
  const dh = p.dh ?? Math.round((dw * 3) / 4);
  const img = (srcset: string | undefined) =>
    html`<img${upright(p) ? html` class="upright"` : ''} src="${url('display', p.ext)}"${srcset ? html` srcset="${srcset}" sizes="${sizes}"` : ''} alt="${alt}" width="${dw}" height="${dh}"${load} decoding="async">`;
  if (!p.w) return img(undefined);
  const set = (ext: string) => [...p.w!.map((w) => `${url(w === 480 ? 'w480' : 'w960', ext)} ${w}w`), `${url('display', ext)} ${dw}w`].join(', ');
  if (p.ext === 'webp') return img(set('webp'));
  return html`<picture><source type="image/webp" srcset="${set('webp')}" sizes="${sizes}">${img(set(p.ext))}</picture>`;
}

/** Taller than wide (P247): shown whole, not cropped to the 4:3 box (its display size is known since P88). */
const upright = (p: ShownPhoto): boolean => p.dw !== undefined && p.dh !== undefined && p.dh > p.dw;

/**
 * A photo's thumbnail in the row of links under the gallery (P145): its smallest copy, lazy, and
 * hidden below 52rem (a phone shows the numbers), where a lazy image that is not displayed is not
 * fetched at all, so a phone's first screen does not pay for it.
 */
function thumbnail(base: string, p: ShownPhoto): Html {
  const variant = p.w?.includes(480) ? 'w480' : 'display';
  const img = html`<img${upright(p) ? html` class="upright"` : ''} src="${photoUrl(base, p.file_id, variant, p.ext)}" alt="" width="96" height="72" loading="lazy" decoding="async">`;
  return p.w && p.ext !== 'webp' ? html`<picture><source type="image/webp" srcset="${photoUrl(base, p.file_id, variant, 'webp')}">${img}</picture>` : img;
}

/** A car as a card that links to its page (the storefront, a sold car's page). */
function carCard(l: PageLocale, base: string, car: StorefrontCar, eager: boolean): Html {
  const title = vehicleLabel(car);
  const photo = shownPhotos(car.shown_photos)[0];
  // Every card is of a car for sale: its label is its price against its stored expected price (D44).
  const rating = car.price_expected_cents === null ? undefined : labelOf(car.price_cents, Number(car.price_expected_cents));
  return html`<li class="card"><a href="${listingUrl(base, car.listing_id)}">${
    photo ? picture(base, photo, '', CARD_SIZES, eager) : ''
  }<span class="card-title">${title}</span><span class="card-price">${l.price(car.price_cents, car.currency)}</span><span class="card-facts">${keyFacts(l, car)}</span>${
    rating ? html`<span class="card-rating rating rating-${rating}">${l.t.rating[rating]}</span>` : ''
  }</a></li>`;
}

/** `eagerFirst`: the first card is on the first screen (the storefront), so fetched at once. */
function carCards(l: PageLocale, base: string, cars: readonly StorefrontCar[], eagerFirst = false): Html {
  return html`<ul class="cards">${cars.map((c, i) => carCard(l, base, c, eagerFirst && i === 0))}</ul>`;
}

/**
 * A dealership's storefront (D36, P86): its cars for sale, newest first or by price (P242), with
 * the filter form, and the contact card and the filters folded on a phone so its first screen
 * shows cars. The filters stand open when one could not be read (the page says which).
 */
export function storefrontPage(sf: Storefront, base: string): string {
  const l = localeOf(sf.market);
  const t = l.t;
  const d = sf.dealer;
  const url = storefrontUrl(base, d.slug);
  const f = sf.form;
  // The order is no filter: sorted, the cars are all there.
  const active = (Object.entries(f) as [keyof typeof f, string][]).filter(([k, v]) => k !== 'sort' && v).length;
  const filtered = active > 0;
  const currency = sf.currency ? ` (${sf.currency})` : '';
  const years: number[] = [];
  for (let y = new Date().getUTCFullYear() + 1; y >= 1990; y--) years.push(y);
  const yearSelect = (name: 'year_min' | 'year_max', label: string) =>
    html`<div><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"><option value="">&ndash;</option>${
      f[name] && !years.includes(Number(f[name])) ? html`<option value="${f[name]}" selected>${f[name]}</option>` : ''
    }${years.map((y) => html`<option value="${y}"${String(y) === f[name] ? html` selected` : ''}>${y}</option>`)}</select></div>`;
  // The newest first is the default: its option sends no value, so its links stay as they were.
  const sortSelect = html`<div class="wide"><label for="f-sort">${t.sortBy}</label><select id="f-sort" name="sort">${STOREFRONT_SORTS.map(
    (o) =>
      html`<option value="${o === 'newest' ? '' : o}"${o === f.sort || (o === 'newest' && !STOREFRONT_SORTS.includes(f.sort as never)) ? html` selected` : ''}>${t.sort[o]}</option>`,
  )}</select></div>`;
  const ratingSelect = html`<div class="wide"><label for="f-rating">${t.ratingLabel}</label><select id="f-rating" name="rating"><option value="">${t.ratingFilter.any}</option>${RATING_FILTERS.map(
    (r) => html`<option value="${r}"${r === f.rating ? html` selected` : ''}>${t.ratingFilter[r as 'great' | 'good' | 'fair']}</option>`,
  )}</select></div>`;
  const sorted = f.sort !== '' && f.sort !== 'newest' && !sf.problems.includes('sort');
  const body = html`<div class="store-head">${dealerMark(l, base, d, false)}<h1 id="title">${t.storefrontTitle(d.name)}</h1></div>
${d.city && !(d.address ?? '').includes(d.city) ? html`<p>${d.city}</p>\n` : ''}${
    sf.problems.length ? html`<div class="errors" role="alert"><ul>${sf.problems.map((p) => html`<li>${t.badFilter[p]}</li>`)}</ul></div>\n` : ''
  }<div class="folds">${storefrontProfile(l, base, d, sf.market)}<details class="fold"${sf.problems.length ? html` open` : ''}><summary><h2 id="filters-title">${t.filterAndSort}</h2>${
    active ? html`<span class="n" aria-hidden="true">${active}</span><span class="vh">${t.activeFilters(active)}</span>` : ''
  }</summary>
<form method="get" action="${url}" class="filters" aria-labelledby="filters-title">
<div><label for="f-brand">${t.brand}</label><select id="f-brand" name="brand"><option value="">${t.anyBrand}</option>${sf.brands.map(
    (b) => html`<option value="${b}"${b.toLowerCase() === f.brand.toLowerCase() ? html` selected` : ''}>${b}</option>`,
  )}</select></div>
<div><label for="f-price_min">${t.priceFrom}${currency}</label><input id="f-price_min" name="price_min" type="text" inputmode="numeric" maxlength="12" value="${f.price_min}"></div>
<div><label for="f-price_max">${t.priceTo}${currency}</label><input id="f-price_max" name="price_max" type="text" inputmode="numeric" maxlength="12" value="${f.price_max}"></div>
${yearSelect('year_min', t.yearFrom)}${yearSelect('year_max', t.yearTo)}${ratingSelect}${sortSelect}<div><button type="submit">${t.search}</button></div>
</form></details></div>
<section aria-labelledby="cars-title">
<div class="cars-head"><h2 id="cars-title">${t.carsForSale}</h2>${
    filtered
      ? html`<p><a href="${url}${sorted ? storefrontQuery({ brand: '', price_min: '', price_max: '', year_min: '', year_max: '', rating: '', sort: f.sort }) : ''}">${t.clearFilters}</a></p>`
      : ''
  }</div>
${sf.cars.length ? carCards(l, base, sf.cars, true) : html`<p>${filtered ? t.noCarsFiltered : t.noCars}</p>`}
</section>
${
  sf.next || sf.paged
    ? html`<nav class="pager" aria-label="${t.carsForSale}">${sf.paged ? html`<a href="${url}${storefrontQuery(f)}">${sorted ? t.firstPageSorted : t.firstPage}</a>` : ''}${sf.next ? html`<a href="${url}${sf.next}" rel="next">${t.morePage}</a>` : ''}</nav>`
    : ''
}`;
  const first = sf.cars.find((c) => c.shown_photos !== '[]');
  return layout(
    l,
    {
      title: t.storefrontTitle(d.name),
      description: d.city ? t.storefrontDescriptionIn(d.name, d.city) : t.storefrontDescription(d.name),
      // Filtered and later pages are the same cars again: only the storefront itself is indexed.
      noindex: filtered || sorted || sf.paged || sf.problems.length > 0,
      canonical: url,
      image: first ? shownUrls(base, first.shown_photos)[0] : undefined,
    },
    html`<a href="${url}">${d.name}</a>`,
    body,
  );
}

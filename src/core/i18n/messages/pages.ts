// The tables of the words the panel, the public pages and the mails show (D31, P179), one per
// page or mail, gathered here for catalogue.ts. A page reads its table with textsOf (texts.ts).
import { PANEL_FRAME } from './panel-frame.js';
import { PANEL_KEYS } from './panel-keys.js';
import { PANEL_PROFILE } from './panel-profile.js';
import { PANEL_WEBHOOKS } from './panel-webhooks.js';
import { PANEL_LEADS } from './panel-leads.js';
import { PANEL_FEEDS } from './panel-feeds.js';
import { PANEL_STATS } from './panel-stats.js';
import { PANEL_OVERVIEW } from './panel-overview.js';
import { PANEL_INVENTORY } from './panel-inventory.js';
import { PANEL_CAR_FORMS } from './panel-car-forms.js';
import { PUBLIC_PAGES } from './public-pages.js';
import { PANEL_PUSH } from './panel-push.js';
import { LEAD_MAILS } from './lead-mails.js';
import { PANEL_USERS } from './panel-users.js';
import { CONVERSATION } from './conversation.js';
import { PANEL_QUALITY } from './panel-quality.js';
import { PUBLIC_PRICE } from './public-price.js';
import { PUBLIC_STOREFRONT } from './public-storefront.js';
import { QUALITY_STATS } from './quality-stats.js';
import { PANEL_FEED_QUALITY } from './panel-feed-quality.js';
import { PANEL_PRICE_PREVIEW } from './panel-price-preview.js';
import { PANEL_PRICE_GAP } from './panel-price-gap.js';

export const PAGE_TABLES = [
  PANEL_FRAME,
  PANEL_KEYS,
  PANEL_PROFILE,
  PANEL_WEBHOOKS,
  PANEL_LEADS,
  PANEL_FEEDS,
  PANEL_STATS,
  PANEL_OVERVIEW,
  PANEL_INVENTORY,
  PANEL_CAR_FORMS,
  PUBLIC_PAGES,
  PANEL_PUSH,
  LEAD_MAILS,
  PANEL_USERS,
  CONVERSATION,
  PANEL_QUALITY,
  PUBLIC_PRICE,
  PUBLIC_STOREFRONT,
  QUALITY_STATS,
  PANEL_FEED_QUALITY,
  PANEL_PRICE_PREVIEW,
  PANEL_PRICE_GAP,
] as const;

export const PAGE_WORDS = {
  ...PANEL_FRAME,
  ...PANEL_KEYS,
  ...PANEL_PROFILE,
  ...PANEL_WEBHOOKS,
  ...PANEL_LEADS,
  ...PANEL_FEEDS,
  ...PANEL_STATS,
  ...PANEL_OVERVIEW,
  ...PANEL_INVENTORY,
  ...PANEL_CAR_FORMS,
  ...PUBLIC_PAGES,
  ...PANEL_PUSH,
  ...LEAD_MAILS,
  ...PANEL_USERS,
  ...CONVERSATION,
  ...PANEL_QUALITY,
  ...PUBLIC_PRICE,
  ...PUBLIC_STOREFRONT,
  ...QUALITY_STATS,
  ...PANEL_FEED_QUALITY,
  ...PANEL_PRICE_PREVIEW,
  ...PANEL_PRICE_GAP,
} as const;

// Source values (spec 2.1), exactly as the contract lists them. `csv` is not one of them.
export const SOURCES = ['api', 'woocommerce', 'wordpress', 'shopify', 'prestashop', 'odoo', 'tiendanube', 'n8n', 'zapier', 'make', 'feed'] as const;
export type Source = (typeof SOURCES)[number];
/** Cars made in the panel (D33): shown and filtered by, never accepted as input (SOURCES is the input's list). */
export const PANEL_SOURCE = 'panel';
/** Every source a stored car may have: what the API shows and filters by. */
export const SHOWN_SOURCES = [...SOURCES, PANEL_SOURCE] as const;
export const isSource = (s: string): s is Source => (SOURCES as readonly string[]).includes(s);

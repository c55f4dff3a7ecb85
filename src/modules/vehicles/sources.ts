// Source values (spec 2.1), exactly as the contract lists them. `csv` is not one of them.
export const SOURCES = ['api', 'woocommerce', 'wordpress', 'shopify', 'prestashop', 'odoo', 'tiendanube', 'n8n', 'zapier', 'make', 'feed'] as const;
export type Source = (typeof SOURCES)[number];
export const isSource = (s: string): s is Source => (SOURCES as readonly string[]).includes(s);

// Words for the values people see (D31): a car's fields, sources, statuses, events, markets, roles.
// A page shows these instead of the raw value (`external_id` → "Código de stock", `woocommerce`
// → "WooCommerce"). test/core/i18n.test.ts checks every field, source, status, event and
// market of the service has its words here.
import type { Table } from '../entry.js';

export const WORDS = {
  // A car's fields, as the API names them.
  'field.external_id': { en: 'Stock ID', es: 'Código de stock', pt: 'Código de estoque' },
  'field.market': { en: 'Market', es: 'País', pt: 'País' },
  'field.source': { en: 'Source', es: 'Origen', pt: 'Origem' },
  'field.brand': { en: 'Brand', es: 'Marca', pt: 'Marca' },
  'field.model': { en: 'Model', es: 'Modelo', pt: 'Modelo' },
  'field.year': { en: 'Year', es: 'Año', pt: 'Ano' },
  'field.version': { en: 'Version', es: 'Versión', pt: 'Versão' },
  'field.price': { en: 'Price', es: 'Precio', pt: 'Preço' },
  'field.currency': { en: 'Currency', es: 'Moneda', pt: 'Moeda' },
  'field.mileage': { en: 'Mileage', es: 'Kilometraje', pt: 'Quilometragem' },
  'field.fuel': { en: 'Fuel', es: 'Combustible', pt: 'Combustível' },
  'field.transmission': { en: 'Transmission', es: 'Transmisión', pt: 'Câmbio' },
  'field.color': { en: 'Color', es: 'Color', pt: 'Cor' },
  'field.condition': { en: 'Condition', es: 'Condición', pt: 'Condição' },
  'field.city': { en: 'City', es: 'Ciudad', pt: 'Cidade' },
  'field.description': { en: 'Description', es: 'Descripción', pt: 'Descrição' },
  'field.vin': { en: 'VIN', es: 'VIN (número de chasis)', pt: 'Chassi (VIN)' },
  'field.body_style': { en: 'Body style', es: 'Carrocería', pt: 'Carroceria' },
  'field.drivetrain': { en: 'Drivetrain', es: 'Tracción', pt: 'Tração' },
  'field.doors': { en: 'Doors', es: 'Puertas', pt: 'Portas' },
  'field.engine': { en: 'Engine', es: 'Motor', pt: 'Motor' },
  'field.interior_color': { en: 'Interior color', es: 'Color interior', pt: 'Cor interna' },
  'field.photos': { en: 'Photos', es: 'Fotos', pt: 'Fotos' },
  'field.status': { en: 'Status', es: 'Estado de la publicación', pt: 'Situação do anúncio' },

  // Where a car came from (spec 2.1's sources, D14; `panel` is D33's).
  'source.api': { en: 'API', es: 'API', pt: 'API' },
  'source.woocommerce': { en: 'WooCommerce', es: 'WooCommerce', pt: 'WooCommerce' },
  'source.wordpress': { en: 'WordPress', es: 'WordPress', pt: 'WordPress' },
  'source.shopify': { en: 'Shopify', es: 'Shopify', pt: 'Shopify' },
  'source.prestashop': { en: 'PrestaShop', es: 'PrestaShop', pt: 'PrestaShop' },
  'source.odoo': { en: 'Odoo', es: 'Odoo', pt: 'Odoo' },
  'source.tiendanube': { en: 'Tiendanube', es: 'Tiendanube', pt: 'Nuvemshop' },
  'source.n8n': { en: 'n8n', es: 'n8n', pt: 'n8n' },
  'source.zapier': { en: 'Zapier', es: 'Zapier', pt: 'Zapier' },
  'source.make': { en: 'Make', es: 'Make', pt: 'Make' },
  'source.feed': { en: 'Inventory file', es: 'Archivo de inventario', pt: 'Arquivo de estoque' },
  'source.panel': { en: 'Dealer panel', es: 'Panel', pt: 'Painel' },

  // A car's statuses (spec 2.1, D5).
  'status.active': { en: 'For sale', es: 'Publicado', pt: 'Publicado' },
  'status.in_review': { en: 'In review', es: 'En revisión', pt: 'Em revisão' },
  'status.importing_photos': { en: 'Loading photos', es: 'Cargando fotos', pt: 'Carregando fotos' },
  'status.sold': { en: 'Sold', es: 'Vendido', pt: 'Vendido' },
  'status.expired': { en: 'Expired', es: 'Vencido', pt: 'Expirado' },
  'status.withdrawn': { en: 'Withdrawn', es: 'Retirado', pt: 'Retirado' },

  // Webhook events (spec 2.4).
  'event.lead.created': { en: 'New lead', es: 'Nueva consulta', pt: 'Novo contato' },
  'event.vehicle.sold': { en: 'Marked as sold', es: 'Marcado como vendido', pt: 'Marcado como vendido' },
  'event.vehicle.rejected': { en: 'Rejected', es: 'Rechazado', pt: 'Recusado' },
  'event.sync.failed': { en: 'Sync failed', es: 'Sincronización fallida', pt: 'Falha na sincronização' },
  // The panel's "send test" delivery (not an event a car or lead gives, P110).
  'event.webhook.test': { en: 'Test', es: 'Prueba', pt: 'Teste' },

  // A panel user's role (D27).
  'role.owner': { en: 'Owner', es: 'Titular', pt: 'Titular' },
  'role.staff': { en: 'Staff', es: 'Personal', pt: 'Equipe' },

  // Markets (D3), by their code.
  'market.ar': { en: 'Argentina', es: 'Argentina', pt: 'Argentina' },
  'market.br': { en: 'Brazil', es: 'Brasil', pt: 'Brasil' },
  'market.cl': { en: 'Chile', es: 'Chile', pt: 'Chile' },
  'market.co': { en: 'Colombia', es: 'Colombia', pt: 'Colômbia' },
  'market.es': { en: 'Spain', es: 'España', pt: 'Espanha' },
  'market.mx': { en: 'Mexico', es: 'México', pt: 'México' },
  'market.pe': { en: 'Peru', es: 'Perú', pt: 'Peru' },
  'market.uk': { en: 'United Kingdom', es: 'Reino Unido', pt: 'Reino Unido' },
  'market.us': { en: 'United States', es: 'Estados Unidos', pt: 'Estados Unidos' },
  'market.uy': { en: 'Uruguay', es: 'Uruguay', pt: 'Uruguai' },
} as const satisfies Table;

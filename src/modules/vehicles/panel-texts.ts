// The words of the panel's inventory pages (list and car page) in the three languages.
// English defines the keys; Spanish and Portuguese must have every one (the type checks it).
import type { Lang } from '../../core/web/context.js';
import type { VehicleStatus } from '../../core/db/schema.js';
import { VALUE_WORDS } from '../markets/vocabulary.js';
import { englishReason, type ReviewFact } from './review.js';

const en = {
  title: 'Inventory',
  status: {
    active: 'Published',
    in_review: 'In review',
    importing_photos: 'Importing photos',
    sold: 'Sold',
    expired: 'Expired',
    withdrawn: 'Withdrawn',
  } satisfies Record<VehicleStatus, string>,
  filters: {
    status: 'Status',
    market: 'Market',
    source: 'Source',
    q: 'Search',
    qHint: 'Stock ID, brand or model',
    any: 'All',
    apply: 'Filter',
    clear: 'Clear filters',
  },
  col: {
    photo: 'Photo',
    stockId: 'Stock ID',
    car: 'Car',
    price: 'Price',
    status: 'Status',
    updated: 'Updated',
  },
  noPhoto: 'No photo yet',
  empty: 'No cars match these filters.',
  emptyAll: 'No cars yet. Cars appear here when your system or a feed sends them.',
  firstPage: 'First page',
  // Car page.
  details: 'Details',
  field: {
    external_id: 'Stock ID',
    listing_id: 'Listing code',
    market: 'Market',
    status: 'Status',
    source: 'Source',
    url: 'Public page',
    brand: 'Brand',
    model: 'Model',
    year: 'Year',
    version: 'Version',
    price: 'Price',
    mileage: 'Mileage',
    fuel: 'Fuel',
    transmission: 'Transmission',
    color: 'Color',
    condition: 'Condition',
    city: 'City',
    description: 'Description',
    updated_at: 'Updated',
    vin: 'VIN',
    body_style: 'Body style',
    drivetrain: 'Drivetrain',
    doors: 'Doors',
    engine: 'Engine',
    interior_color: 'Interior color',
  },
  openPublic: 'Open the public page',
  reviewTitle: 'Why this car is in review',
  reviewHelp: 'Fix this in your system (or feed) and send the car again.',
  /** A reason the car is held; a photo's own failure stays as the download gave it (English). */
  reviewReason: englishReason,
  photos: 'Photos',
  photoStatus: { pending: 'Downloading', ready: 'Ready', failed: 'Failed' },
  photoSource: 'Original address',
  noPhotos: 'This car has no photos.',
  events: 'Recent activity',
  eventType: {
    'vehicle.sold': 'Marked as sold',
    'vehicle.rejected': 'Rejected',
    'lead.created': 'New lead',
    'sync.failed': 'Sync failed',
  } as Record<string, string>,
  eventWhen: 'When',
  eventWhat: 'What',
  noEvents: 'No activity recorded for this car yet.',
  actions: 'Actions',
  markSold: 'Mark as sold',
  withdraw: 'Withdraw',
  confirmSold: 'Mark this car as sold? It stops being published and your systems are told it was sold.',
  confirmWithdraw: 'Withdraw this car? It stops being published; nothing is deleted, and sending it again publishes it again.',
  done: { sold: 'The car is marked as sold.', withdrawn: 'The car was withdrawn.' },
  backToList: 'Back to inventory',
  /** The words of the car's values, shared with the public pages (markets/vocabulary.ts). */
  values: VALUE_WORDS.en,
};

export type InventoryTexts = typeof en;

const es: InventoryTexts = {
  title: 'Inventario',
  status: {
    active: 'Publicado',
    in_review: 'En revisión',
    importing_photos: 'Importando fotos',
    sold: 'Vendido',
    expired: 'Vencido',
    withdrawn: 'Retirado',
  },
  filters: {
    status: 'Estado',
    market: 'País',
    source: 'Origen',
    q: 'Buscar',
    qHint: 'Código de stock, marca o modelo',
    any: 'Todos',
    apply: 'Filtrar',
    clear: 'Quitar filtros',
  },
  col: {
    photo: 'Foto',
    stockId: 'Código de stock',
    car: 'Auto',
    price: 'Precio',
    status: 'Estado',
    updated: 'Actualizado',
  },
  noPhoto: 'Sin foto todavía',
  empty: 'Ningún auto coincide con estos filtros.',
  emptyAll: 'Todavía no hay autos. Aparecen aquí cuando su sistema o un feed los envía.',
  firstPage: 'Primera página',
  details: 'Datos',
  field: {
    external_id: 'Código de stock',
    listing_id: 'Código del aviso',
    market: 'País',
    status: 'Estado',
    source: 'Origen',
    url: 'Página pública',
    brand: 'Marca',
    model: 'Modelo',
    year: 'Año',
    version: 'Versión',
    price: 'Precio',
    mileage: 'Kilometraje',
    fuel: 'Combustible',
    transmission: 'Transmisión',
    color: 'Color',
    condition: 'Condición',
    city: 'Ciudad',
    description: 'Descripción',
    updated_at: 'Actualizado',
    vin: 'VIN',
    body_style: 'Carrocería',
    drivetrain: 'Tracción',
    doors: 'Puertas',
    engine: 'Motor',
    interior_color: 'Color interior',
  },
  openPublic: 'Abrir la página pública',
  reviewTitle: 'Por qué este auto está en revisión',
  reviewHelp: 'Corríjalo en su sistema (o feed) y vuelva a enviar el auto.',
  reviewReason: (f: ReviewFact): string => {
    switch (f.kind) {
      case 'contact': {
        const where = f.field === 'description' ? 'La descripción' : 'La versión';
        const what = { 'an e-mail address': 'un correo electrónico', 'a web address': 'una dirección web', 'a phone number': 'un número de teléfono' }[
          f.detail
        ];
        return `${where} contiene ${what} ("${f.text}"); los compradores deben escribir a través del marketplace: vuelva a enviar el auto sin eso.`;
      }
      case 'photo':
        return `La foto ${f.position} (${f.url}) no se pudo usar${f.reason ? ` (${f.reason})` : ': no se pudo descargar'}.`;
      case 'shortfall':
        return `Solo se pudieron usar ${f.ready} de las ${f.min} fotos necesarias; vuelva a enviar el auto con otras fotos.`;
      case 'held':
        return 'El marketplace retiene el auto para revisión.';
    }
  },
  photos: 'Fotos',
  photoStatus: { pending: 'Descargando', ready: 'Lista', failed: 'Falló' },
  photoSource: 'Dirección original',
  noPhotos: 'Este auto no tiene fotos.',
  events: 'Actividad reciente',
  eventType: {
    'vehicle.sold': 'Marcado como vendido',
    'vehicle.rejected': 'Rechazado',
    'lead.created': 'Nueva consulta',
    'sync.failed': 'Falló la sincronización',
  },
  eventWhen: 'Cuándo',
  eventWhat: 'Qué',
  noEvents: 'Todavía no hay actividad registrada para este auto.',
  actions: 'Acciones',
  markSold: 'Marcar como vendido',
  withdraw: 'Retirar',
  confirmSold: '¿Marcar este auto como vendido? Deja de publicarse y se avisa a sus sistemas que se vendió.',
  confirmWithdraw: '¿Retirar este auto? Deja de publicarse; no se borra nada y, si lo vuelve a enviar, se publica de nuevo.',
  done: { sold: 'El auto quedó marcado como vendido.', withdrawn: 'El auto fue retirado.' },
  backToList: 'Volver al inventario',
  /** The words of the car's values, shared with the public pages (markets/vocabulary.ts). */
  values: VALUE_WORDS.es,
};

const pt: InventoryTexts = {
  title: 'Estoque',
  status: {
    active: 'Publicado',
    in_review: 'Em análise',
    importing_photos: 'Importando fotos',
    sold: 'Vendido',
    expired: 'Expirado',
    withdrawn: 'Retirado',
  },
  filters: {
    status: 'Situação',
    market: 'País',
    source: 'Origem',
    q: 'Buscar',
    qHint: 'Código de estoque, marca ou modelo',
    any: 'Todos',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
  },
  col: {
    photo: 'Foto',
    stockId: 'Código de estoque',
    car: 'Carro',
    price: 'Preço',
    status: 'Situação',
    updated: 'Atualizado',
  },
  noPhoto: 'Ainda sem foto',
  empty: 'Nenhum carro corresponde a estes filtros.',
  emptyAll: 'Ainda não há carros. Eles aparecem aqui quando seu sistema ou um feed os envia.',
  firstPage: 'Primeira página',
  details: 'Dados',
  field: {
    external_id: 'Código de estoque',
    listing_id: 'Código do anúncio',
    market: 'País',
    status: 'Situação',
    source: 'Origem',
    url: 'Página pública',
    brand: 'Marca',
    model: 'Modelo',
    year: 'Ano',
    version: 'Versão',
    price: 'Preço',
    mileage: 'Quilometragem',
    fuel: 'Combustível',
    transmission: 'Câmbio',
    color: 'Cor',
    condition: 'Condição',
    city: 'Cidade',
    description: 'Descrição',
    updated_at: 'Atualizado',
    vin: 'Chassi (VIN)',
    body_style: 'Carroceria',
    drivetrain: 'Tração',
    doors: 'Portas',
    engine: 'Motor',
    interior_color: 'Cor interna',
  },
  openPublic: 'Abrir a página pública',
  reviewTitle: 'Por que este carro está em análise',
  reviewHelp: 'Corrija no seu sistema (ou feed) e envie o carro de novo.',
  reviewReason: (f: ReviewFact): string => {
    switch (f.kind) {
      case 'contact': {
        const where = f.field === 'description' ? 'A descrição' : 'A versão';
        const what = { 'an e-mail address': 'um e-mail', 'a web address': 'um endereço web', 'a phone number': 'um número de telefone' }[f.detail];
        return `${where} contém ${what} ("${f.text}"); os compradores devem escrever pelo marketplace: envie o carro de novo sem isso.`;
      }
      case 'photo':
        return `A foto ${f.position} (${f.url}) não pôde ser usada${f.reason ? ` (${f.reason})` : ': não foi possível baixá-la'}.`;
      case 'shortfall':
        return `Só ${f.ready} das ${f.min} fotos necessárias puderam ser usadas; envie o carro de novo com outras fotos.`;
      case 'held':
        return 'O carro está retido para análise pelo marketplace.';
    }
  },
  photos: 'Fotos',
  photoStatus: { pending: 'Baixando', ready: 'Pronta', failed: 'Falhou' },
  photoSource: 'Endereço original',
  noPhotos: 'Este carro não tem fotos.',
  events: 'Atividade recente',
  eventType: {
    'vehicle.sold': 'Marcado como vendido',
    'vehicle.rejected': 'Recusado',
    'lead.created': 'Novo contato',
    'sync.failed': 'A sincronização falhou',
  },
  eventWhen: 'Quando',
  eventWhat: 'O quê',
  noEvents: 'Ainda não há atividade registrada para este carro.',
  actions: 'Ações',
  markSold: 'Marcar como vendido',
  withdraw: 'Retirar',
  confirmSold: 'Marcar este carro como vendido? Ele deixa de ser publicado e seus sistemas são avisados da venda.',
  confirmWithdraw: 'Retirar este carro? Ele deixa de ser publicado; nada é apagado e, se for enviado de novo, volta a ser publicado.',
  done: { sold: 'O carro foi marcado como vendido.', withdrawn: 'O carro foi retirado.' },
  backToList: 'Voltar ao estoque',
  /** The words of the car's values, shared with the public pages (markets/vocabulary.ts). */
  values: VALUE_WORDS.pt,
};

export const INVENTORY_TEXTS: Record<Lang, InventoryTexts> = { en, es, pt };

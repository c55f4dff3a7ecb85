// The storefront's order, its price rating filter and its folds (issue 40, P242, P243): the
// words of the "Filtrar y ordenar" box a phone opens on a tap. Read with textsOf('public.').
import type { Table } from '../entry.js';

export const PUBLIC_STOREFRONT = {
  'public.filterAndSort': { en: 'Filter and sort', es: 'Filtrar y ordenar', pt: 'Filtrar e ordenar' },
  'public.activeFilters': {
    p: ['count'],
    en: '{count, plural, one {# filter on} other {# filters on}}',
    es: '{count, plural, one {# filtro activo} other {# filtros activos}}',
    pt: '{count, plural, one {# filtro ativo} other {# filtros ativos}}',
  },
  'public.sortBy': { en: 'Sort by', es: 'Ordenar por', pt: 'Ordenar por' },
  'public.sort.newest': { en: 'Newest first', es: 'Más nuevos primero', pt: 'Mais novos primeiro' },
  'public.sort.price_asc': { en: 'Lowest price first', es: 'Menor precio primero', pt: 'Menor preço primeiro' },
  'public.sort.price_desc': { en: 'Highest price first', es: 'Mayor precio primero', pt: 'Maior preço primeiro' },
  'public.ratingLabel': { en: 'Price against the market', es: 'Precio frente al mercado', pt: 'Preço frente ao mercado' },
  'public.ratingFilter.any': { en: 'Any price', es: 'Todos los precios', pt: 'Todos os preços' },
  'public.ratingFilter.great': { en: 'Great price', es: 'Muy buen precio', pt: 'Ótimo preço' },
  'public.ratingFilter.good': { en: 'Good price or better', es: 'Buen precio o mejor', pt: 'Bom preço ou melhor' },
  'public.ratingFilter.fair': { en: 'Fair price or better', es: 'Precio justo o mejor', pt: 'Preço justo ou melhor' },
  'public.firstPageSorted': { en: 'Back to the first page', es: 'Volver a la primera página', pt: 'Voltar à primeira página' },
  'public.badFilter.sort': {
    en: 'That order is not one of the choices: the newest cars come first.',
    es: 'Ese orden no es una de las opciones: se muestran primero los más nuevos.',
    pt: 'Essa ordem não é uma das opções: os mais novos aparecem primeiro.',
  },
  'public.badFilter.rating': {
    en: 'That price level is not one of the choices. The price against the market filter was left out.',
    es: 'Ese nivel de precio no es una de las opciones. No se aplicó el filtro de precio frente al mercado.',
    pt: 'Esse nível de preço não é uma das opções. O filtro de preço frente ao mercado não foi aplicado.',
  },
  'public.badFilter.pageSorted': {
    en: 'That page address is not valid: here is the first page.',
    es: 'La dirección de esa página no es válida: esta es la primera página.',
    pt: 'O endereço dessa página não é válido: esta é a primeira página.',
  },
} as const satisfies Table;

// The price rating and the price drop on a car's public page (D44, issue 40): the five labels
// and the one line that says why, in the market's language. Read with the rest of textsOf('public.').
import type { Table } from '../entry.js';

export const PUBLIC_PRICE = {
  'public.rating.great': { en: 'Great price', es: 'Muy buen precio', pt: 'Ótimo preço' },
  'public.rating.good': { en: 'Good price', es: 'Buen precio', pt: 'Bom preço' },
  'public.rating.fair': { en: 'Fair price', es: 'Precio justo', pt: 'Preço justo' },
  'public.rating.high': { en: 'High price', es: 'Precio alto', pt: 'Preço alto' },
  'public.rating.overpriced': { en: 'Well above the market', es: 'Muy por encima del mercado', pt: 'Bem acima do mercado' },
  // The why: how far the price is from the expected one, and how many cars it was compared with.
  'public.rating.below': {
    p: ['amount', 'count'],
    en: '{amount} below the expected price for its year and mileage, compared with {count, plural, one {# car} other {# cars}}',
    es: '{amount} debajo del precio esperado para su año y kilometraje, comparado con {count, plural, one {# auto} other {# autos}}',
    pt: '{amount} abaixo do preço esperado para o ano e a quilometragem, comparado com {count, plural, one {# carro} other {# carros}}',
  },
  'public.rating.above': {
    p: ['amount', 'count'],
    en: '{amount} above the expected price for its year and mileage, compared with {count, plural, one {# car} other {# cars}}',
    es: '{amount} arriba del precio esperado para su año y kilometraje, comparado con {count, plural, one {# auto} other {# autos}}',
    pt: '{amount} acima do preço esperado para o ano e a quilometragem, comparado com {count, plural, one {# carro} other {# carros}}',
  },
  'public.rating.same': {
    p: ['count'],
    en: 'The expected price for its year and mileage, compared with {count, plural, one {# car} other {# cars}}',
    es: 'El precio esperado para su año y kilometraje, comparado con {count, plural, one {# auto} other {# autos}}',
    pt: 'O preço esperado para o ano e a quilometragem, comparado com {count, plural, one {# carro} other {# carros}}',
  },
  'public.priceDrop': {
    p: ['amount', 'date'],
    en: 'Down {amount} on {date}',
    es: 'Bajó {amount} el {date}',
    pt: 'Baixou {amount} em {date}',
  },
} as const satisfies Table;

// The price preview beside the price field of the panel's car form (D44, issue 40 §3, P244): the
// rating of the price typed, before saving. The labels and the line of why are the buyers'
// (public.rating.*).
import type { Table } from '../entry.js';

export const PANEL_PRICE_PREVIEW = {
  'pricePreview.title': { en: 'Price rating', es: 'Valoración del precio', pt: 'Avaliação do preço' },
  'pricePreview.button': { en: 'See the rating', es: 'Ver valoración', pt: 'Ver avaliação' },
  'pricePreview.help': {
    en: 'Type a price to see how buyers will see it. Nothing changes until you save.',
    es: 'Escriba un precio para ver cómo lo verán los compradores. Nada cambia hasta que guarde.',
    pt: 'Digite um preço para ver como os compradores o verão. Nada muda até você salvar.',
  },
  // The price tried, as the first words of the preview.
  'pricePreview.at': { p: ['price'], en: 'At {price}:', es: 'Con {price}:', pt: 'Com {price}:' },
  'pricePreview.expected': {
    p: ['price'],
    en: 'Expected price for its year and mileage: {price}.',
    es: 'Precio esperado para su año y kilometraje: {price}.',
    pt: 'Preço esperado para o ano e a quilometragem: {price}.',
  },
  // D34's plain median: said apart from the rating, which accounts for year and mileage.
  'pricePreview.position': {
    en: 'Against the market, not adjusted for mileage',
    es: 'Frente al mercado, sin ajustar por kilometraje',
    pt: 'Diante do mercado, sem ajustar pela quilometragem',
  },
  // As stats.marketSentence, without the price (said on the line above). `dir`: below, above or at the median.
  'pricePreview.market': {
    p: ['pct', 'dir', 'n'],
    en: '{dir, select, at {at the median price} below {{pct} below the median price} other {{pct} above the median price}} of {n} comparable cars.',
    es: '{dir, select, at {en el precio medio} below {{pct} bajo el precio medio} other {{pct} sobre el precio medio}} de {n} autos comparables.',
    pt: '{dir, select, at {no preço médio} below {{pct} abaixo do preço médio} other {{pct} acima do preço médio}} de {n} carros comparáveis.',
  },
  'pricePreview.days': {
    p: ['days'],
    en: 'Expected to sell in about {days, plural, one {# day} other {# days}}, by the sales of comparable cars here.',
    es: 'Se vendería en unos {days, plural, one {# día} other {# días}}, según las ventas de autos comparables en este sitio.',
    pt: 'Deve vender em cerca de {days, plural, one {# dia} other {# dias}}, pelas vendas de carros comparáveis neste site.',
  },
  'pricePreview.daysNone': {
    en: 'Too few comparable cars have sold here yet (fewer than 5) to say how long it would take to sell.',
    es: 'Todavía se vendieron muy pocos autos comparables en este sitio (menos de 5) para estimar en cuántos días se vendería.',
    pt: 'Ainda foram vendidos poucos carros comparáveis neste site (menos de 5) para estimar em quantos dias venderia.',
  },
  'pricePreview.noRating': {
    en: 'No price rating: fewer than 10 comparable cars are for sale (same model, year within 2). If the car was just changed, it is rated again in a few seconds.',
    es: 'Sin valoración de precio: hay menos de 10 autos comparables en venta (mismo modelo, año ±2). Si el auto acaba de cambiar, se vuelve a valorar en unos segundos.',
    pt: 'Sem avaliação de preço: há menos de 10 carros comparáveis à venda (mesmo modelo, ano ±2). Se o carro acabou de mudar, é avaliado de novo em poucos segundos.',
  },
  'pricePreview.notForSale': {
    en: 'Only cars for sale have a price rating.',
    es: 'Solo los autos en venta tienen valoración de precio.',
    pt: 'Só carros à venda têm avaliação de preço.',
  },
  'pricePreview.invalid': {
    p: ['example'],
    en: 'Type a price above 0 to see its rating, such as {example}.',
    es: 'Escriba un precio mayor que 0 para ver su valoración, como {example}.',
    pt: 'Digite um preço maior que 0 para ver a avaliação, como {example}.',
  },
  'pricePreview.unsaved': {
    en: 'A preview: the saved price has not changed.',
    es: 'Es una vista previa: el precio guardado no cambió.',
    pt: 'É uma prévia: o preço salvo não mudou.',
  },
  'pricePreview.otherCurrency': {
    p: ['currency'],
    en: 'The rating compares prices in {currency}, the currency saved. In another currency the comparables are others: the car is rated once saved.',
    es: 'La valoración compara precios en {currency}, la moneda guardada. En otra moneda los comparables son otros: el auto se valora una vez guardado.',
    pt: 'A avaliação compara preços em {currency}, a moeda salva. Em outra moeda os comparáveis são outros: o carro é avaliado depois de salvo.',
  },
  'pricePreview.failed': {
    en: 'The rating could not be fetched. Try the button again.',
    es: 'No se pudo obtener la valoración. Pruebe el botón de nuevo.',
    pt: 'Não foi possível obter a avaliação. Tente o botão de novo.',
  },
} as const satisfies Table;

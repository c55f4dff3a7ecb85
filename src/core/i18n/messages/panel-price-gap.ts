// The statistics page's cars by distance from their expected price, and each car's comparables
// (D44, issue 40 §3, P253). The labels are the buyers' (public.rating.*). Amounts, percents and
// counts come formatted (Intl); a count used for a plural is given as a number.
import type { Table } from '../entry.js';

export const PANEL_PRICE_GAP = {
  'stats.gap.title': {
    en: 'Price against the expected price',
    es: 'Precio frente al esperado',
    pt: 'Preço frente ao esperado',
  },
  'stats.gap.help': {
    en: 'Your cars for sale, farthest from their expected price first, above or below it. The expected price accounts for the year, mileage and trim of comparable cars for sale of every dealership (same model, year within 2). Far above: it will take longer to sell; far below: money may be left on the table.',
    es: 'Sus autos en venta, los más alejados de su precio esperado primero, por encima o por debajo. El precio esperado tiene en cuenta el año, el kilometraje y la versión de los autos comparables en venta de todas las concesionarias (mismo modelo, año ±2). Muy por encima: tardará más en venderse; muy por debajo: quizás está resignando dinero.',
    pt: 'Os seus carros à venda, os mais distantes do preço esperado primeiro, acima ou abaixo dele. O preço esperado considera o ano, a quilometragem e a versão dos carros comparáveis à venda de todas as concessionárias (mesmo modelo, ano ±2). Muito acima: vai demorar mais para vender; muito abaixo: talvez esteja deixando dinheiro na mesa.',
  },
  'stats.gap.col.car': { en: 'Car', es: 'Auto', pt: 'Carro' },
  'stats.gap.col.price': { en: 'Price', es: 'Precio', pt: 'Preço' },
  'stats.gap.col.expected': { en: 'Expected price', es: 'Precio esperado', pt: 'Preço esperado' },
  'stats.gap.col.gap': { en: 'Difference', es: 'Diferencia', pt: 'Diferença' },
  'stats.gap.col.rating': { en: 'Rating', es: 'Valoración', pt: 'Avaliação' },
  'stats.gap.col.days': { en: 'Days for sale', es: 'Días en venta', pt: 'Dias à venda' },
  'stats.gap.col.comparables': { en: 'Comparables', es: 'Comparables', pt: 'Comparáveis' },
  'stats.gap.col.year': { en: 'Year', es: 'Año', pt: 'Ano' },
  'stats.gap.col.mileage': { en: 'Mileage', es: 'Kilometraje', pt: 'Quilometragem' },
  // dir: above, below or same (within half a percent); amount and pct without sign.
  'stats.gap.diff': {
    p: ['dir', 'amount', 'pct'],
    en: '{dir, select, above {{pct} above ({amount})} below {{pct} below ({amount})} other {at the expected price}}',
    es: '{dir, select, above {{pct} arriba ({amount})} below {{pct} debajo ({amount})} other {en el precio esperado}}',
    pt: '{dir, select, above {{pct} acima ({amount})} below {{pct} abaixo ({amount})} other {no preço esperado}}',
  },
  'stats.gap.see': {
    p: ['n'],
    en: 'See {n, plural, one {# comparable} other {# comparables}}',
    es: 'Ver {n, plural, one {# comparable} other {# comparables}}',
    pt: 'Ver {n, plural, one {# comparável} other {# comparáveis}}',
  },
  'stats.gap.unrated': {
    p: ['n'],
    en: '{n, plural, one {# car for sale has} other {# cars for sale have}} no price rating: fewer than 10 comparable cars (same model, year within 2), or changed a moment ago.',
    es: '{n, plural, one {# auto en venta no tiene} other {# autos en venta no tienen}} valoración de precio: menos de 10 autos comparables (mismo modelo, año ±2), o recién cambiados.',
    pt: '{n, plural, one {# carro à venda não tem} other {# carros à venda não têm}} avaliação de preço: menos de 10 carros comparáveis (mesmo modelo, ano ±2), ou alterados há pouco.',
  },
  'stats.gap.partly': {
    p: ['shown', 'n'],
    en: 'Showing the {shown} farthest from their expected price of {n} rated cars.',
    es: 'Se muestran los {shown} más alejados de su precio esperado, de {n} autos con valoración.',
    pt: 'Mostrando os {shown} mais distantes do preço esperado, de {n} carros com avaliação.',
  },
  'stats.gap.none': {
    en: 'No car for sale has a price rating yet.',
    es: 'Todavía ningún auto en venta tiene valoración de precio.',
    pt: 'Ainda nenhum carro à venda tem avaliação de preço.',
  },
  // The comparables' own page.
  'stats.gap.pageTitle': { p: ['car'], en: 'Comparables of {car}', es: 'Comparables de {car}', pt: 'Comparáveis de {car}' },
  'stats.gap.back': { p: ['page'], en: 'Back to {page}', es: 'Volver a {page}', pt: 'Voltar para {page}' },
  'stats.gap.openCar': { en: 'Open the car in the panel', es: 'Abrir el auto en el panel', pt: 'Abrir o carro no painel' },
  'stats.gap.window': {
    p: ['total', 'model', 'from', 'to'],
    en: '{total, plural, =0 {No other car} one {# other car} other {# other cars}} of {model} from {from} to {to} for sale now, of every dealership.',
    es: '{total, plural, =0 {Ningún otro auto} one {# otro auto} other {# otros autos}} {model} de {from} a {to} en venta ahora, de todas las concesionarias.',
    pt: '{total, plural, =0 {Nenhum outro carro} one {# outro carro} other {# outros carros}} {model} de {from} a {to} à venda agora, de todas as concessionárias.',
  },
  'stats.gap.closest': {
    p: ['shown'],
    en: 'The {shown} closest in year and mileage:',
    es: 'Los {shown} más parecidos en año y kilometraje:',
    pt: 'Os {shown} mais parecidos em ano e quilometragem:',
  },
  'stats.gap.method': {
    en: 'The expected price comes from every car of this model for sale (year, mileage and trim), without the car itself; these are the ones with the year within 2, the comparables the rating counts. Each link opens the page buyers see.',
    es: 'El precio esperado sale de todos los autos de este modelo en venta (año, kilometraje y versión), sin contar el propio auto; estos son los de año ±2, los comparables que cuenta la valoración. Cada enlace abre la página que ven los compradores.',
    pt: 'O preço esperado vem de todos os carros deste modelo à venda (ano, quilometragem e versão), sem contar o próprio carro; estes são os de ano ±2, os comparáveis que a avaliação conta. Cada link abre a página que os compradores veem.',
  },
  'stats.gap.yours': { en: 'yours', es: 'suyo', pt: 'seu' },
  'stats.gap.noRating': {
    en: 'This car has no price rating now: it is not for sale, it has fewer than 10 comparable cars (same model, year within 2), or it changed a moment ago.',
    es: 'Este auto no tiene valoración de precio ahora: no está en venta, tiene menos de 10 autos comparables (mismo modelo, año ±2), o cambió hace un momento.',
    pt: 'Este carro não tem avaliação de preço agora: não está à venda, tem menos de 10 carros comparáveis (mesmo modelo, ano ±2), ou mudou há pouco.',
  },
} as const satisfies Table;

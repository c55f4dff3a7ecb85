// The price rating's API words (D44, issue 40): the preview's refusals.
import type { Table } from '../entry.js';

export const PRICING = {
  price_preview_price: {
    p: ['value'],
    en: 'price must be a number greater than 0 with at most two decimals, such as 12500000 or 12500000.50 (got "{value}").',
    es: 'price tiene que ser un número mayor que 0 con dos decimales como mucho, como 12500000 o 12500000.50 (llegó «{value}»).',
    pt: 'price precisa ser um número maior que 0 com no máximo duas casas decimais, como 12500000 ou 12500000.50 (veio “{value}”).',
  },
  price_preview_missing: {
    en: 'price is required: the price to try, such as ?price=12500000.',
    es: 'Falta price: el precio a probar, como ?price=12500000.',
    pt: 'Falta price: o preço a testar, como ?price=12500000.',
  },
} as const satisfies Table;

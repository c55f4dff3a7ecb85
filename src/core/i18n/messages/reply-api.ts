// The API's words of issue 37 §3 (D41): a buyer's phone that is no number of the car's market.
import type { Table } from '../entry.js';

export const REPLY_API = {
  inquiry_phone_area_code: {
    p: ['example'],
    en: 'phone is missing its area code: write the whole number, e.g. {example}',
    es: 'Al teléfono le falta el código de área: escribí el número completo, por ejemplo {example}',
    pt: 'Falta o DDD no telefone: escreva o número completo, por exemplo {example}',
  },
  inquiry_phone_unknown: {
    en: "phone is not a valid number of the car's country; a number of another country needs its country code in front (+…)",
    es: 'El teléfono no es un número válido del país del auto; un número de otro país lleva adelante su código de país (+…)',
    pt: 'O telefone não é um número válido do país do carro; um número de outro país precisa do código do país na frente (+…)',
  },
} as const satisfies Table;

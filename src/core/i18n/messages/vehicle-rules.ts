// The rules a car breaks (spec 2.1, D9, D11, D26), one code each: the sentences of a 422's
// `fields`, of a sync's or feed's row errors and of an import report. `{field}` is a field's API
// name: English says it as is (what an integrator greps for), Spanish and Portuguese say the
// field's word (render.ts). `{got}` names a wrong value's kind (`string`, `array`, `object`,
// `null`, `boolean`) or is the number itself.
import type { Table } from '../entry.js';

const GOT_EN = '{got, select, string {a string} array {an array} object {an object} null {null} boolean {a boolean} other {{got}}}';
const GOT_ES = '{got, select, string {un texto} array {una lista} object {un objeto} null {un valor vacío} boolean {verdadero o falso} other {{got}}}';
const GOT_PT = '{got, select, string {um texto} array {uma lista} object {um objeto} null {um valor vazio} boolean {verdadeiro ou falso} other {{got}}}';

export const VEHICLE_RULES = {
  field_required: { p: ['field'], en: '{field} is required', es: '{field}: falta el dato', pt: '{field}: campo obrigatório' },
  mileage_required: {
    en: 'mileage is required (0 for a new car)',
    es: 'Kilometraje: falta el dato (0 si el auto es nuevo)',
    pt: 'Quilometragem: campo obrigatório (0 para carro zero)',
  },
  field_not_text: {
    p: ['field', 'got'],
    en: `{field} must be a string, not ${GOT_EN}`,
    es: `{field}: tiene que ser un texto, no ${GOT_ES}`,
    pt: `{field}: precisa ser um texto, não ${GOT_PT}`,
  },
  field_control: {
    p: ['field', 'char'],
    en: '{field} must not contain control characters (it holds {char})',
    es: '{field}: tiene un carácter invisible no permitido ({char})',
    pt: '{field}: tem um caractere invisível não permitido ({char})',
  },
  field_control_multiline: {
    p: ['field', 'char'],
    en: '{field} must not contain control characters other than line breaks and tabs (it holds {char})',
    es: '{field}: tiene un carácter invisible no permitido ({char}); de esos, solo se aceptan saltos de línea y tabulaciones',
    pt: '{field}: tem um caractere invisível não permitido ({char}); desses, só são aceitas quebras de linha e tabulações',
  },
  field_empty: { p: ['field'], en: '{field} must not be empty', es: '{field}: no puede quedar en blanco', pt: '{field}: não pode ficar em branco' },
  field_too_long: {
    p: ['field', 'max', 'length'],
    en: '{field} must be at most {max} characters (it has {length})',
    es: '{field}: admite hasta {max, number} caracteres (tiene {length, number})',
    pt: '{field}: aceita até {max, number} caracteres (tem {length, number})',
  },
  value_not_accepted: {
    p: ['field', 'value', 'market', 'allowed'],
    en: '{field} "{value}" is not accepted {market, select, none {as {field}} other {in {market}}}; use one of {allowed}',
    es: '{field}: «{value}» no se acepta{market, select, none {} other { en este país}}; valores posibles: {allowed}',
    pt: '{field}: “{value}” não é aceito{market, select, none {} other { neste país}}; valores possíveis: {allowed}',
  },
  field_not_whole: {
    p: ['field', 'got'],
    en: `{field} must be a whole number, not ${GOT_EN}`,
    es: `{field}: tiene que ser un número entero, no ${GOT_ES}`,
    pt: `{field}: precisa ser um número inteiro, não ${GOT_PT}`,
  },
  field_out_of_range: {
    p: ['field', 'min', 'max', 'value'],
    en: '{field} must be {min} to {max} (it is {value})',
    es: '{field}: tiene que estar entre {min, number} y {max, number} (es {value, number})',
    pt: '{field}: precisa estar entre {min, number} e {max, number} (é {value, number})',
  },
  brand_unknown: {
    p: ['brand'],
    en: 'brand "{brand}" is not in the catalog (see GET /catalog/brands)',
    es: 'Marca: «{brand}» no está en el catálogo (¿está bien escrita?)',
    pt: 'Marca: “{brand}” não está no catálogo (está escrita corretamente?)',
  },
  model_unknown: {
    p: ['model', 'brand', 'brand_slug'],
    en: 'model "{model}" is not a {brand} model in the catalog (see GET /catalog/brands/{brand_slug}/models)',
    es: 'Modelo: «{model}» no es un modelo de {brand} en el catálogo (¿está bien escrito?)',
    pt: 'Modelo: “{model}” não é um modelo da {brand} no catálogo (está escrito corretamente?)',
  },
  year_too_old: {
    p: ['min', 'value'],
    en: 'year must be {min} or later (it is {value})',
    es: 'Año: tiene que ser {min} o posterior (es {value})',
    pt: 'Ano: precisa ser {min} ou posterior (é {value})',
  },
  year_too_new: {
    p: ['max', 'value'],
    en: 'year must be {max} or earlier (it is {value})',
    es: 'Año: tiene que ser {max} o anterior (es {value})',
    pt: 'Ano: precisa ser {max} ou anterior (é {value})',
  },
  year_not_of_model: {
    p: ['year', 'brand', 'model', 'years'],
    en: 'year {year} is not a year of the {brand} {model} ({years})',
    es: 'Año: el {brand} {model} no se fabricó en {year} (años: {years})',
    pt: 'Ano: o {brand} {model} não foi fabricado em {year} (anos: {years})',
  },
  price_not_number: {
    p: ['got'],
    en: `price must be a number, not ${GOT_EN}`,
    es: `Precio: tiene que ser un número, no ${GOT_ES}`,
    pt: `Preço: precisa ser um número, não ${GOT_PT}`,
  },
  price_not_positive: { en: 'price must be greater than 0', es: 'Precio: tiene que ser mayor que 0', pt: 'Preço: precisa ser maior que 0' },
  price_too_high: {
    p: ['max'],
    en: 'price must be at most {max}',
    es: 'Precio: no puede superar {max, number}',
    pt: 'Preço: não pode passar de {max, number}',
  },
  price_decimals: {
    en: 'price must have at most two decimals',
    es: 'Precio: admite como máximo dos decimales',
    pt: 'Preço: aceita no máximo duas casas decimais',
  },
  mileage_negative: { en: 'mileage must be 0 or more', es: 'Kilometraje: no puede ser negativo', pt: 'Quilometragem: não pode ser negativa' },
  mileage_too_high: {
    p: ['max', 'unit'],
    en: 'mileage must be at most {max} {unit}',
    es: 'Kilometraje: no puede superar {max, number} {unit, select, mi {millas} other {km}}',
    pt: 'Quilometragem: não pode passar de {max, number} {unit, select, mi {milhas} other {km}}',
  },
  vin_length: {
    p: ['vin', 'length'],
    en: 'vin "{vin}" must be 17 characters (it has {length})',
    es: 'VIN: «{vin}» debe tener 17 caracteres (tiene {length})',
    pt: 'Chassi: “{vin}” precisa ter 17 caracteres (tem {length})',
  },
  vin_letters_ioq: {
    p: ['vin'],
    en: 'vin "{vin}" must not contain the letters I, O or Q (VINs use 1 and 0 instead)',
    es: 'VIN: «{vin}» no puede tener las letras I, O ni Q (en su lugar van 1 y 0)',
    pt: 'Chassi: “{vin}” não pode ter as letras I, O nem Q (no lugar delas vão 1 e 0)',
  },
  vin_characters: {
    p: ['vin'],
    en: 'vin "{vin}" must hold only the letters A–Z (without I, O, Q) and the digits 0–9',
    es: 'VIN: «{vin}» solo puede tener letras de la A a la Z (sin I, O ni Q) y números',
    pt: 'Chassi: “{vin}” só pode ter letras de A a Z (sem I, O nem Q) e números',
  },
  vin_check_digit: {
    p: ['vin', 'found', 'expected'],
    en: 'vin "{vin}" has a wrong check digit: its 9th character is {found}, the other 16 call for {expected} (a typing mistake?)',
    es: 'VIN: «{vin}» tiene el dígito verificador incorrecto: el carácter 9 es {found} y debería ser {expected} (¿se escribió mal?)',
    pt: 'Chassi: “{vin}” tem o dígito verificador errado: o 9º caractere é {found} e deveria ser {expected} (erro de digitação?)',
  },
  photos_required: {
    p: ['min', 'max'],
    en: 'photos is required: {min} to {max} image URLs',
    es: 'Fotos: faltan; se necesitan de {min} a {max} direcciones de imágenes',
    pt: 'Fotos: faltam; são necessários de {min} a {max} endereços de imagens',
  },
  photos_not_list: {
    p: ['got'],
    en: `photos must be an array of image URLs, not ${GOT_EN}`,
    es: `Fotos: tiene que ser una lista de direcciones de imágenes, no ${GOT_ES}`,
    pt: `Fotos: precisa ser uma lista de endereços de imagens, não ${GOT_PT}`,
  },
  photos_count: {
    p: ['min', 'max', 'count'],
    en: 'photos must have {min} to {max} image URLs (it has {count})',
    es: 'Fotos: se necesitan de {min} a {max} (hay {count})',
    pt: 'Fotos: são necessárias de {min} a {max} (há {count})',
  },
  photo_not_text: {
    p: ['n', 'got'],
    en: `photo {n} must be a URL string, not ${GOT_EN}`,
    es: `Foto {n}: tiene que ser una dirección (URL), no ${GOT_ES}`,
    pt: `Foto {n}: precisa ser um endereço (URL), não ${GOT_PT}`,
  },
  photo_url_too_long: {
    p: ['n', 'max'],
    en: 'photo {n} URL must be at most {max} characters',
    es: 'Foto {n}: la dirección admite hasta {max, number} caracteres',
    pt: 'Foto {n}: o endereço aceita até {max, number} caracteres',
  },
  photo_not_absolute: {
    p: ['n', 'url'],
    en: 'photo {n} "{url}" is not an absolute URL',
    es: 'Foto {n}: «{url}» no es una dirección completa (tiene que empezar con http:// o https://)',
    pt: 'Foto {n}: “{url}” não é um endereço completo (precisa começar com http:// ou https://)',
  },
  photo_scheme: {
    p: ['n'],
    en: 'photo {n} URL must be http or https',
    es: 'Foto {n}: la dirección tiene que empezar con http:// o https://',
    pt: 'Foto {n}: o endereço precisa começar com http:// ou https://',
  },
  photo_credentials: {
    p: ['n'],
    en: 'photo {n} URL must not carry a user name or password',
    es: 'Foto {n}: la dirección no puede llevar usuario ni contraseña',
    pt: 'Foto {n}: o endereço não pode ter usuário nem senha',
  },
  photo_repeats: {
    p: ['n', 'first'],
    en: 'photo {n} repeats photo {first}',
    es: 'Foto {n}: es la misma que la foto {first}',
    pt: 'Foto {n}: é a mesma da foto {first}',
  },
} as const satisfies Table;

// The API's own errors (D22) that are not a car's rule: the framework's refusals, keys, lists.
// Errors of one feature that only that feature gives are here too, so that every text an
// integrator reads comes from one place.
import type { Table } from '../entry.js';

export const API_ERRORS = {
  body_not_json: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es un JSON válido.',
    pt: 'O corpo da requisição não é um JSON válido.',
  },
  body_empty: {
    en: 'The request body is empty; send a JSON object.',
    es: 'El cuerpo de la solicitud está vacío; hay que enviar un objeto JSON.',
    pt: 'O corpo da requisição está vazio; é preciso enviar um objeto JSON.',
  },
  body_too_large: {
    en: 'The request body is too large.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
    pt: 'O corpo da requisição é grande demais.',
  },
  body_media_type: {
    en: 'Unsupported Content-Type; send the body as application/json.',
    es: 'Content-Type no admitido; hay que enviar el cuerpo como application/json.',
    pt: 'Content-Type não aceito; é preciso enviar o corpo como application/json.',
  },
  body_length: {
    en: 'The Content-Length header does not match the body.',
    es: 'El encabezado Content-Length no coincide con el cuerpo.',
    pt: 'O cabeçalho Content-Length não coincide com o corpo.',
  },
  no_route: {
    p: ['method', 'path'],
    en: 'No route {method} {path}.',
    es: 'No existe la ruta {method} {path}.',
    pt: 'Não existe a rota {method} {path}.',
  },
  bad_url: {
    en: 'The URL is not valid: a % must be followed by two hexadecimal digits (a literal % is written %25).',
    es: 'La URL no es válida: después de un % tienen que venir dos dígitos hexadecimales (un % literal se escribe %25).',
    pt: 'A URL não é válida: depois de um % precisam vir dois dígitos hexadecimais (um % literal se escreve %25).',
  },
  path_segment_too_long: {
    en: 'A segment of the URL path is too long.',
    es: 'Un segmento de la ruta de la URL es demasiado largo.',
    pt: 'Um segmento do caminho da URL é longo demais.',
  },
  internal_error: {
    en: 'Something went wrong on our side; the request id in X-Request-Id helps us find it.',
    es: 'Hubo un error de nuestro lado; con el identificador del encabezado X-Request-Id podemos encontrarlo.',
    pt: 'Ocorreu um erro do nosso lado; com o identificador do cabeçalho X-Request-Id conseguimos localizá-lo.',
  },
  unauthorized: {
    en: 'A valid API key is required in the Authorization: Bearer or X-API-Key header.',
    es: 'Hace falta una clave de API válida en el encabezado Authorization: Bearer o X-API-Key.',
    pt: 'É necessária uma chave de API válida no cabeçalho Authorization: Bearer ou X-API-Key.',
  },
  sandbox_only: {
    en: 'Only a sandbox key (dik_test_…) may call this; this key works on the live dealership.',
    es: 'Solo una clave de sandbox (dik_test_…) puede usar esta llamada; esta clave trabaja sobre la concesionaria real.',
    pt: 'Só uma chave de sandbox (dik_test_…) pode usar esta chamada; esta chave trabalha sobre a concessionária real.',
  },
  vehicle_not_found: {
    p: ['id'],
    en: 'No vehicle with stock ID "{id}".',
    es: 'No hay ningún auto con el código de stock «{id}».',
    pt: 'Não há nenhum carro com o código de estoque “{id}”.',
  },
  invalid_vehicle: {
    p: ['count'],
    en: 'The vehicle breaks {count, plural, one {{count} rule} other {{count} rules}}; see fields.',
    es: '{count, plural, one {El auto no cumple una regla} other {El auto no cumple # reglas}}; el detalle está en fields.',
    pt: '{count, plural, one {O carro não atende a uma regra} other {O carro não atende a # regras}}; o detalhe está em fields.',
  },
  // The statistics' range (D34, P156).
  stats_date_invalid: {
    p: ['name', 'value', 'min', 'max'],
    en: '{name} must be a day from {min} to {max}, written YYYY-MM-DD such as 2026-11-01 (got "{value}").',
    es: '{name} tiene que ser un día entre el {min} y el {max}, escrito AAAA-MM-DD, como 2026-11-01 (llegó «{value}»).',
    pt: '{name} precisa ser um dia entre {min} e {max}, escrito AAAA-MM-DD, como 2026-11-01 (veio “{value}”).',
  },
  // The parameters' own names come as parameters: they are the API's words, not English left
  // untranslated (the catalogue test looks for English in Spanish and Portuguese, P181).
  stats_range_order: {
    p: ['fromName', 'from', 'toName', 'to'],
    en: '{fromName} ({from}) is after {toName} ({to}).',
    es: '{fromName} ({from}) es posterior a {toName} ({to}).',
    pt: '{fromName} ({from}) é posterior a {toName} ({to}).',
  },
  stats_range_too_long: {
    p: ['days', 'max'],
    en: 'The range has {days} days; at most {max}.',
    es: 'El período tiene {days} días; como máximo {max}.',
    pt: 'O período tem {days} dias; no máximo {max}.',
  },
} as const satisfies Table;

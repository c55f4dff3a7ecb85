// What the inventory API answers about a call's own parameters (spec 2.1, D8, D11, D22, D31):
// market and source, lists and cursors, sync and reconcile, reference data, photos, inquiries.
// Parameter names (`market`, `cursor`, `mark_missing_as_sold` …) stay as they are: an
// integrator reads these.
import type { Table } from '../entry.js';

export const INVENTORY = {
  market_required: {
    p: ['markets'],
    en: 'This dealership sells in {markets}: say which market with "market".',
    es: 'Esta concesionaria vende en {markets}: hay que indicar el país con "market".',
    pt: 'Esta revenda vende em {markets}: é preciso indicar o país com "market".',
  },
  market_not_code: {
    en: 'market must be a market code such as "ar".',
    es: 'market tiene que ser el código de un país, por ejemplo "ar".',
    pt: 'market precisa ser o código de um país, por exemplo "ar".',
  },
  market_not_sold: {
    p: ['market', 'markets'],
    en: 'This dealership does not sell in market "{market}"; it sells in {markets}.',
    es: 'Esta concesionaria no vende en el país «{market}»; vende en {markets}.',
    pt: 'Esta revenda não vende no país “{market}”; vende em {markets}.',
  },
  market_conflict: {
    p: ['body', 'query'],
    en: 'market "{body}" in the body differs from market "{query}" in the query string.',
    es: 'El market «{body}» del cuerpo no coincide con el market «{query}» de la query string.',
    pt: 'O market “{body}” do corpo não coincide com o market “{query}” da query string.',
  },
  source_invalid: {
    p: ['sources'],
    en: 'source must be one of {sources}.',
    es: 'source tiene que ser uno de estos valores: {sources}.',
    pt: 'source precisa ser um destes valores: {sources}.',
  },
  cursor_invalid: {
    en: 'cursor is not valid: give the next_cursor of a previous answer, unchanged.',
    es: 'El cursor no es válido: hay que enviar el next_cursor de una respuesta anterior, sin cambios.',
    pt: 'O cursor não é válido: é preciso enviar o next_cursor de uma resposta anterior, sem alterações.',
  },
  cursor_other_filters: {
    en: 'cursor was made for other filters: give it with the same market, source, status, updated_since and vin as the call that returned it.',
    es: 'El cursor se generó para otros filtros: hay que enviarlo con los mismos market, source, status, updated_since y vin de la llamada que lo devolvió.',
    pt: 'O cursor foi gerado para outros filtros: é preciso enviá-lo com os mesmos market, source, status, updated_since e vin da chamada que o devolveu.',
  },
  lead_cursor_other_filters: {
    en: 'cursor was made for other filters: give it with the same since and stage as the call that returned it.',
    es: 'El cursor se generó para otros filtros: hay que enviarlo con los mismos since y stage de la llamada que lo devolvió.',
    pt: 'O cursor foi gerado para outros filtros: é preciso enviá-lo com os mesmos since e stage da chamada que o devolveu.',
  },
  page_and_cursor: {
    en: 'Give either page or cursor, not both.',
    es: 'Hay que enviar page o cursor, no los dos.',
    pt: 'É preciso enviar page ou cursor, não os dois.',
  },
  updated_since_invalid: {
    en: 'updated_since must be a date-time such as 2026-11-21T10:00:00Z.',
    es: 'updated_since tiene que ser una fecha y hora como 2026-11-21T10:00:00Z.',
    pt: 'updated_since precisa ser uma data e hora como 2026-11-21T10:00:00Z.',
  },
  stock_id_segment_too_long: {
    p: ['max'],
    en: 'A segment of the URL path is too long: a stock ID is at most {max} characters.',
    es: 'Un tramo de la ruta de la URL es demasiado largo: un código de stock tiene como máximo {max} caracteres.',
    pt: 'Um trecho do caminho da URL é longo demais: um código de estoque tem no máximo {max} caracteres.',
  },
  no_route_stock_id: {
    p: ['method', 'path'],
    en: 'No route {method} {path}. A stock ID that holds "/" is percent-encoded in the path: A/1043 → /v1/vehicles/A%2F1043.',
    es: 'No existe la ruta {method} {path}. Un código de stock con "/" va codificado en la ruta: A/1043 → /v1/vehicles/A%2F1043.',
    pt: 'Não existe a rota {method} {path}. Um código de estoque com "/" vai codificado no caminho: A/1043 → /v1/vehicles/A%2F1043.',
  },
  flag_not_boolean: {
    p: ['name'],
    en: '{name} must be true or false.',
    es: '{name} tiene que ser true o false.',
    pt: '{name} precisa ser true ou false.',
  },
  vehicles_not_array: {
    en: 'vehicles must be an array of vehicles.',
    es: 'vehicles tiene que ser una lista de autos.',
    pt: 'vehicles precisa ser uma lista de carros.',
  },
  sync_too_many: {
    p: ['max', 'count'],
    en: 'A sync call takes at most {max} vehicles (this one has {count}); send several calls, then one reconcile.',
    es: 'Una llamada de sync admite como máximo {max, number} autos (esta tiene {count, number}); hay que hacer varias llamadas y después un reconcile.',
    pt: 'Uma chamada de sync aceita no máximo {max, number} carros (esta tem {count, number}); é preciso fazer várias chamadas e depois um reconcile.',
  },
  sync_empty_mark_missing: {
    en: 'An empty vehicles list with mark_missing_as_sold would mark every car sold; it is refused.',
    es: 'Una lista vehicles vacía con mark_missing_as_sold marcaría todos los autos como vendidos; se rechaza.',
    pt: 'Uma lista vehicles vazia com mark_missing_as_sold marcaria todos os carros como vendidos; é recusada.',
  },
  reconcile_empty: {
    en: 'An empty external_ids list is never read as "everything sold"; it is refused.',
    es: 'Una lista external_ids vacía nunca se interpreta como «todo vendido»; se rechaza.',
    pt: 'Uma lista external_ids vazia nunca é interpretada como “tudo vendido”; é recusada.',
  },
  brand_not_found: {
    p: ['slug'],
    en: 'Unknown brand "{slug}".',
    es: 'No se conoce la marca «{slug}».',
    pt: 'A marca “{slug}” não é conhecida.',
  },
  market_not_found: {
    p: ['code'],
    en: 'Unknown market "{code}".',
    es: 'No se conoce el país «{code}».',
    pt: 'O país “{code}” não é conhecido.',
  },
  photo_not_found: { en: 'No such photo.', es: 'No existe esa foto.', pt: 'Não existe essa foto.' },
  photo_storage_down: {
    en: 'The photo storage is not answering; try again shortly.',
    es: 'El almacenamiento de fotos no responde; hay que volver a intentar en un momento.',
    pt: 'O armazenamento de fotos não está respondendo; é preciso tentar de novo daqui a pouco.',
  },
  inquiries_rate_limited: {
    p: ['limit', 'wait'],
    en: 'More than {limit} messages in an hour from this address; retry in {wait} s.',
    es: 'Más de {limit, number} mensajes en una hora desde esta dirección; se puede volver a intentar en {wait, number} s.',
    pt: 'Mais de {limit, number} mensagens em uma hora a partir deste endereço; dá para tentar de novo em {wait, number} s.',
  },
  inquiry_invalid: {
    p: ['count'],
    en: 'The message has {count, plural, one {{count} problem} other {{count} problems}}; see fields.',
    es: '{count, plural, one {El mensaje tiene un problema} other {El mensaje tiene # problemas}}; el detalle está en fields.',
    pt: '{count, plural, one {A mensagem tem um problema} other {A mensagem tem # problemas}}; o detalhe está em fields.',
  },
} as const satisfies Table;

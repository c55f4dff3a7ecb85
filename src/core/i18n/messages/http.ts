// What the HTTP layer answers before or around any route (D22, D31): the request itself (Host,
// headers, time, body), keys and their limits, connections, and the metrics port. An integrator
// reads these: header and parameter names stay as they are in every language.
import type { Table } from '../entry.js';

export const HTTP = {
  invalid_request_plain: { en: 'Invalid request.', es: 'Solicitud no válida.', pt: 'Requisição inválida.' },
  expectation_unsupported: {
    p: ['expect'],
    en: 'The expectation "{expect}" cannot be met; only 100-continue is supported.',
    es: 'No se puede cumplir la expectativa «{expect}»; solo se admite 100-continue.',
    pt: 'Não é possível cumprir a expectativa “{expect}”; só 100-continue é aceito.',
  },
  headers_too_large: {
    en: 'The request line and headers are too large.',
    es: 'La línea de la solicitud y sus encabezados son demasiado grandes.',
    pt: 'A linha da requisição e seus cabeçalhos são grandes demais.',
  },
  request_too_slow: {
    p: ['seconds'],
    en: "The request's headers and body did not all arrive within {seconds} s.",
    es: 'Los encabezados y el cuerpo de la solicitud no llegaron completos en {seconds} s.',
    pt: 'Os cabeçalhos e o corpo da requisição não chegaram completos em {seconds} s.',
  },
  not_http: { en: 'The request is not valid HTTP.', es: 'La solicitud no es HTTP válido.', pt: 'A requisição não é HTTP válido.' },
  host_required: {
    en: 'An HTTP/1.1 request must carry a Host header.',
    es: 'Una solicitud HTTP/1.1 tiene que llevar el encabezado Host.',
    pt: 'Uma requisição HTTP/1.1 precisa ter o cabeçalho Host.',
  },
  too_many_connections: {
    p: ['max'],
    en: 'Too many open connections from your address (at most {max} at once); close some, then retry.',
    es: 'Hay demasiadas conexiones abiertas desde esta dirección (como máximo {max} a la vez); hay que cerrar algunas y volver a intentar.',
    pt: 'Há conexões abertas demais a partir deste endereço (no máximo {max} ao mesmo tempo); é preciso fechar algumas e tentar de novo.',
  },
  body_not_object: {
    en: 'The request body must be a JSON object.',
    es: 'El cuerpo de la solicitud tiene que ser un objeto JSON.',
    pt: 'O corpo da requisição precisa ser um objeto JSON.',
  },
  body_required: {
    en: 'A JSON object body is required.',
    es: 'Hace falta un cuerpo con un objeto JSON.',
    pt: 'É necessário um corpo com um objeto JSON.',
  },
  key_in_url: {
    en: 'API keys are never accepted in the URL: send it in the Authorization: Bearer or X-API-Key header, and revoke a key that was put in a URL.',
    es: 'Las claves de API nunca se aceptan en la URL: hay que enviarla en el encabezado Authorization: Bearer o X-API-Key, y revocar cualquier clave que se haya puesto en una URL.',
    pt: 'Chaves de API nunca são aceitas na URL: é preciso enviá-la no cabeçalho Authorization: Bearer ou X-API-Key, e revogar qualquer chave que tenha sido colocada numa URL.',
  },
  keys_differ: {
    en: 'Authorization and X-API-Key carry different keys; send one key.',
    es: 'Authorization y X-API-Key llevan claves distintas; hay que enviar una sola clave.',
    pt: 'Authorization e X-API-Key trazem chaves diferentes; é preciso enviar uma só chave.',
  },
  key_header_repeated: {
    en: 'The key header is repeated with different keys; send one key.',
    es: 'El encabezado de la clave está repetido con claves distintas; hay que enviar una sola clave.',
    pt: 'O cabeçalho da chave está repetido com chaves diferentes; é preciso enviar uma só chave.',
  },
  invalid_key_lockout: {
    p: ['wait'],
    en: 'Too many calls with an invalid key from this address; retry in {wait} s.',
    es: 'Demasiadas llamadas con una clave no válida desde esta dirección; se puede volver a intentar en {wait} s.',
    pt: 'Chamadas demais com uma chave inválida a partir deste endereço; dá para tentar de novo em {wait} s.',
  },
  key_rate_limited: {
    p: ['limit', 'wait'],
    en: 'More than {limit} calls in 60 seconds with this key; retry in {wait} s.',
    es: 'Más de {limit, number} llamadas en 60 segundos con esta clave; se puede volver a intentar en {wait} s.',
    pt: 'Mais de {limit, number} chamadas em 60 segundos com esta chave; dá para tentar de novo em {wait} s.',
  },
  metrics_only: {
    en: 'Only GET /metrics is served on this port.',
    es: 'En este puerto solo se atiende GET /metrics.',
    pt: 'Nesta porta só GET /metrics é atendido.',
  },
  metrics_unreadable: {
    en: 'The metrics could not be read.',
    es: 'No se pudieron leer las métricas.',
    pt: 'Não foi possível ler as métricas.',
  },
  metrics_unauthorized: {
    en: 'The metrics token is required in the Authorization: Bearer header.',
    es: 'Hace falta el token de métricas en el encabezado Authorization: Bearer.',
    pt: 'É necessário o token de métricas no cabeçalho Authorization: Bearer.',
  },
} as const satisfies Table;

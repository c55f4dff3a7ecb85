// Refusals that were English sentences until every ApiError carried a code (P176): a request's
// schema (P175), the statistics' dates, webhooks, a buyer's inquiry, and the operator's command
// line (dealerships, profiles, feeds, column overrides, keys, users). Parameter, field and
// header names an integrator or operator types stay as they are in every language.
import type { Table } from '../entry.js';

// A request's query, path, body or header against its route's schema (core/http/schema-problem.ts).
// `where` is Fastify's name of the part: querystring, params, body, headers.
const en = '{where, select, body {The field} headers {The header} other {The parameter}} {name}';
const es = '{where, select, body {El campo} headers {El encabezado} other {El parámetro}} {name}';
const pt = '{where, select, body {O campo} headers {O cabeçalho} other {O parâmetro}} {name}';

export const REFUSALS = {
  schema_required: {
    p: ['where', 'name'],
    en: `${en} is required.`,
    es: 'Falta {where, select, body {el campo} headers {el encabezado} other {el parámetro}} {name}.',
    pt: 'Falta {where, select, body {o campo} headers {o cabeçalho} other {o parâmetro}} {name}.',
  },
  schema_type: {
    p: ['where', 'name', 'type'],
    en: `${en} must be {type, select, integer {a whole number} number {a number} boolean {true or false} array {a list} object {an object} null {null} other {text}}.`,
    es: `${es} tiene que ser {type, select, integer {un número entero} number {un número} boolean {true o false} array {una lista} object {un objeto} null {null} other {un texto}}.`,
    pt: `${pt} precisa ser {type, select, integer {um número inteiro} number {um número} boolean {true ou false} array {uma lista} object {um objeto} null {null} other {um texto}}.`,
  },
  schema_decimal: {
    p: ['where', 'name'],
    en: `${en} must be a number written in decimal digits.`,
    es: `${es} tiene que ser un número escrito con dígitos decimales.`,
    pt: `${pt} precisa ser um número escrito com dígitos decimais.`,
  },
  schema_control: {
    p: ['where', 'name', 'char'],
    en: `${en} must not contain control characters (it holds {char}).`,
    es: `${es} no puede contener caracteres de control (tiene {char}).`,
    pt: `${pt} não pode conter caracteres de controle (tem {char}).`,
  },
  schema_minimum: {
    p: ['where', 'name', 'limit'],
    en: `${en} must be at least {limit}.`,
    es: `${es} tiene que ser como mínimo {limit, number}.`,
    pt: `${pt} precisa ser no mínimo {limit, number}.`,
  },
  schema_maximum: {
    p: ['where', 'name', 'limit'],
    en: `${en} must be at most {limit}.`,
    es: `${es} tiene que ser como máximo {limit, number}.`,
    pt: `${pt} precisa ser no máximo {limit, number}.`,
  },
  schema_exclusive_minimum: {
    p: ['where', 'name', 'limit'],
    en: `${en} must be greater than {limit}.`,
    es: `${es} tiene que ser mayor que {limit, number}.`,
    pt: `${pt} precisa ser maior que {limit, number}.`,
  },
  schema_exclusive_maximum: {
    p: ['where', 'name', 'limit'],
    en: `${en} must be less than {limit}.`,
    es: `${es} tiene que ser menor que {limit, number}.`,
    pt: `${pt} precisa ser menor que {limit, number}.`,
  },
  schema_min_length: {
    p: ['where', 'name', 'limit'],
    en: `${en} must have at least {limit, plural, one {# character} other {# characters}}.`,
    es: `${es} tiene que tener como mínimo {limit, plural, one {# carácter} other {# caracteres}}.`,
    pt: `${pt} precisa ter no mínimo {limit, plural, one {# caractere} other {# caracteres}}.`,
  },
  schema_max_length: {
    p: ['where', 'name', 'limit'],
    en: `${en} must have at most {limit, plural, one {# character} other {# characters}}.`,
    es: `${es} puede tener como máximo {limit, plural, one {# carácter} other {# caracteres}}.`,
    pt: `${pt} pode ter no máximo {limit, plural, one {# caractere} other {# caracteres}}.`,
  },
  schema_min_items: {
    p: ['where', 'name', 'limit'],
    en: `${en} must have at least {limit, plural, one {# item} other {# items}}.`,
    es: `${es} tiene que tener como mínimo {limit, plural, one {# elemento} other {# elementos}}.`,
    pt: `${pt} precisa ter no mínimo {limit, plural, one {# item} other {# itens}}.`,
  },
  schema_max_items: {
    p: ['where', 'name', 'limit'],
    en: `${en} must have at most {limit, plural, one {# item} other {# items}}.`,
    es: `${es} puede tener como máximo {limit, plural, one {# elemento} other {# elementos}}.`,
    pt: `${pt} pode ter no máximo {limit, plural, one {# item} other {# itens}}.`,
  },
  schema_pattern: {
    p: ['where', 'name'],
    en: `${en} is not written in the expected form.`,
    es: `${es} no está escrito en la forma esperada.`,
    pt: `${pt} não está escrito na forma esperada.`,
  },
  schema_format: {
    p: ['where', 'name', 'format'],
    en: `${en} must be {format, select, date_time {a date and time such as 2026-11-01T10:00:00Z} date {a date such as 2026-11-01} uri {an absolute URL} email {an e-mail address} uuid {a UUID} other {in the {format} format}}.`,
    es: `${es} tiene que ser {format, select, date_time {una fecha y hora como 2026-11-01T10:00:00Z} date {una fecha como 2026-11-01} uri {una URL absoluta} email {una dirección de correo electrónico} uuid {un UUID} other {del formato {format}}}.`,
    pt: `${pt} precisa ser {format, select, date_time {uma data e hora como 2026-11-01T10:00:00Z} date {uma data como 2026-11-01} uri {uma URL absoluta} email {um endereço de e-mail} uuid {um UUID} other {no formato {format}}}.`,
  },
  schema_enum: {
    p: ['where', 'name', 'allowed'],
    en: `${en} must be one of: {allowed}.`,
    es: `${es} tiene que ser uno de estos valores: {allowed}.`,
    pt: `${pt} precisa ser um destes valores: {allowed}.`,
  },
  schema_unknown_field: {
    p: ['where', 'name'],
    en: `${en} is not accepted.`,
    es: `${es} no se admite.`,
    pt: `${pt} não é aceito.`,
  },
  schema_invalid: {
    p: ['where', 'name'],
    en: `${en} is not valid.`,
    es: `${es} no es válido.`,
    pt: `${pt} não é válido.`,
  },
  // A 4xx of the framework or a plugin that has no word of its own (core/http/error-handler.ts).
  not_found_plain: { en: 'Not found.', es: 'No encontrado.', pt: 'Não encontrado.' },
  rate_limited_plain: {
    en: 'Too many requests; retry later.',
    es: 'Demasiadas solicitudes; se puede volver a intentar más tarde.',
    pt: 'Requisições demais; dá para tentar de novo mais tarde.',
  },
  uri_too_long_plain: { en: 'The URL is too long.', es: 'La URL es demasiado larga.', pt: 'A URL é longa demais.' },
  request_timeout_plain: {
    en: 'The request did not arrive in time.',
    es: 'La solicitud no llegó a tiempo.',
    pt: 'A requisição não chegou a tempo.',
  },

  // GET /stats and /vehicles/{external_id}/stats (D34): the range of days.

  // POST /webhooks (D20): the refusal names every problem; each is also an entry of fields.
  webhook_invalid: {
    p: ['problems'],
    en: 'The webhook is not valid: {problems}.',
    es: 'El webhook no es válido: {problems}.',
    pt: 'O webhook não é válido: {problems}.',
  },
  webhook_url_missing: {
    en: 'url is required: the https address of your receiver',
    es: 'falta url: la dirección https del receptor',
    pt: 'falta url: o endereço https do receptor',
  },
  webhook_url_invalid: {
    p: ['url'],
    en: 'url "{url}" is not an absolute URL',
    es: 'url «{url}» no es una URL absoluta',
    pt: 'url “{url}” não é uma URL absoluta',
  },
  webhook_url_not_https: { en: 'url must use https', es: 'url tiene que usar https', pt: 'url precisa usar https' },
  webhook_url_credentials: {
    en: 'url must not carry a user name or password',
    es: 'url no puede llevar usuario ni contraseña',
    pt: 'url não pode ter usuário nem senha',
  },
  webhook_url_fragment: { en: 'url must not have a #fragment', es: 'url no puede tener un #fragmento', pt: 'url não pode ter um #fragmento' },
  webhook_url_too_long: {
    p: ['max'],
    en: 'url is longer than {max} characters',
    es: 'url tiene más de {max, number} caracteres',
    pt: 'url tem mais de {max, number} caracteres',
  },
  webhook_events_not_list: {
    p: ['events'],
    en: 'events must be a non-empty list of: {events}',
    es: 'events tiene que ser una lista no vacía de: {events}',
    pt: 'events precisa ser uma lista não vazia de: {events}',
  },
  webhook_events_unknown: {
    p: ['count', 'unknown', 'events'],
    en: '{count, plural, one {unknown event} other {unknown events}} {unknown}; one of {events}',
    es: 'events tiene {count, plural, one {un valor desconocido} other {valores desconocidos}} ({unknown}); los válidos son {events}',
    pt: 'events tem {count, plural, one {um valor desconhecido} other {valores desconhecidos}} ({unknown}); os válidos são {events}',
  },
  // `detail`: the outbound rule's own English sentence (it names the host only, never the path).
  webhook_url_refused: {
    p: ['kind', 'detail'],
    en: '{kind, select, other {url cannot be used: {detail}}}',
    es: 'url no se puede usar: {kind, select, invalid_url {no es una URL válida} scheme_not_allowed {no usa http ni https} port_not_allowed {usa un puerto no permitido} credentials_in_url {lleva usuario o contraseña} address_not_allowed {su dirección no está permitida; solo se envía a direcciones públicas} dns_failed {no se pudo resolver el nombre del servidor} other {no se puede enviar a esa dirección}}',
    pt: 'url não pode ser usada: {kind, select, invalid_url {não é uma URL válida} scheme_not_allowed {não usa http nem https} port_not_allowed {usa uma porta não permitida} credentials_in_url {tem usuário ou senha} address_not_allowed {o endereço não é permitido; só se envia para endereços públicos} dns_failed {não foi possível resolver o nome do servidor} other {não é possível enviar para esse endereço}}',
  },
  webhook_off: {
    p: ['id'],
    en: 'This webhook is turned off; send a test (POST /webhooks/{id}/test) to turn it on, then retry.',
    es: 'Este webhook está apagado; hay que enviar una prueba (POST /webhooks/{id}/test) para encenderlo y después volver a intentar.',
    pt: 'Este webhook está desligado; é preciso enviar um teste (POST /webhooks/{id}/test) para ligá-lo e depois tentar de novo.',
  },
  delivery_pending: {
    en: 'This delivery is still pending; it will be attempted at its next_attempt_at.',
    es: 'Esta entrega todavía está pendiente; se intentará en su next_attempt_at.',
    pt: 'Esta entrega ainda está pendente; será tentada no seu next_attempt_at.',
  },
  webhooks_too_many: {
    p: ['max'],
    en: 'A dealership has at most {max} webhooks; delete one first.',
    es: 'Una concesionaria tiene como máximo {max} webhooks; hay que borrar uno primero.',
    pt: 'Uma revenda tem no máximo {max} webhooks; é preciso apagar um primeiro.',
  },

  // A buyer's inquiry sent as JSON (D19): `fields` of its 400, one per problem, read by the buyer.
  inquiry_name_required: { en: 'name is required', es: 'Falta el nombre', pt: 'Falta o nome' },
  inquiry_name_too_long: {
    p: ['max'],
    en: 'name must be at most {max} characters',
    es: 'El nombre puede tener como máximo {max, number} caracteres',
    pt: 'O nome pode ter no máximo {max, number} caracteres',
  },
  inquiry_name_invalid: {
    en: 'name must not contain control characters',
    es: 'El nombre contiene caracteres no permitidos',
    pt: 'O nome contém caracteres não permitidos',
  },
  inquiry_email_invalid: {
    en: 'email is not a valid e-mail address',
    es: 'El correo electrónico no es válido',
    pt: 'O e-mail não é válido',
  },
  inquiry_email_too_long: {
    p: ['max'],
    en: 'email must be at most {max} characters',
    es: 'El correo electrónico puede tener como máximo {max, number} caracteres',
    pt: 'O e-mail pode ter no máximo {max, number} caracteres',
  },
  inquiry_phone_invalid: {
    en: 'phone must be a phone number: digits, spaces, +, -, ., parentheses, with 6 to 15 digits',
    es: 'El teléfono no es válido: se admiten dígitos, espacios, +, -, ., paréntesis, con 6 a 15 dígitos',
    pt: 'O telefone não é válido: são aceitos dígitos, espaços, +, -, ., parênteses, com 6 a 15 dígitos',
  },
  inquiry_phone_too_long: {
    p: ['max'],
    en: 'phone must be at most {max} characters',
    es: 'El teléfono puede tener como máximo {max, number} caracteres',
    pt: 'O telefone pode ter no máximo {max, number} caracteres',
  },
  inquiry_contact_required: {
    en: 'email or phone is required (at least one)',
    es: 'Hace falta un correo electrónico o un teléfono (al menos uno)',
    pt: 'É preciso informar um e-mail ou um telefone (pelo menos um)',
  },
  inquiry_message_required: {
    p: ['max'],
    en: 'message is required (1 to {max} characters)',
    es: 'Falta el mensaje (de 1 a {max, number} caracteres)',
    pt: 'Falta a mensagem (de 1 a {max, number} caracteres)',
  },
  inquiry_message_too_long: {
    p: ['max'],
    en: 'message must be at most {max} characters',
    es: 'El mensaje puede tener como máximo {max, number} caracteres',
    pt: 'A mensagem pode ter no máximo {max, number} caracteres',
  },
  inquiry_message_invalid: {
    en: 'message must not contain control characters other than line breaks and tabs',
    es: 'El mensaje contiene caracteres de control no permitidos (solo se admiten saltos de línea y tabulaciones)',
    pt: 'A mensagem contém caracteres de controle não permitidos (só são aceitas quebras de linha e tabulações)',
  },
  inquiry_invisible: {
    p: ['name', 'char', 'position'],
    en: '{name} must not contain invisible formatting characters such as zero-width or bidirectional ones (it holds {char} at character {position})',
    es: 'El campo {name} no puede tener caracteres de formato invisibles, como los de ancho cero o de dirección del texto (tiene {char} en el carácter {position})',
    pt: 'O campo {name} não pode ter caracteres de formatação invisíveis, como os de largura zero ou de direção do texto (tem {char} no caractere {position})',
  },
  inquiry_not_text: {
    p: ['name'],
    en: '{name} must be a string',
    es: 'El campo {name} tiene que ser un texto',
    pt: 'O campo {name} precisa ser um texto',
  },
  sandbox_message_invalid: {
    p: ['max'],
    en: 'Invalid request: message must be 1 to {max} characters of text.',
    es: 'Solicitud no válida: message tiene que tener de 1 a {max, number} caracteres de texto.',
    pt: 'Requisição inválida: message precisa ter de 1 a {max, number} caracteres de texto.',
  },

  // The operator's command line (D3): dealerships and their profiles.
  dealer_slug_invalid: {
    p: ['slug'],
    en: 'slug "{slug}" must be 1-64 lowercase letters, digits and single hyphens (e.g. autos-del-sur)',
    es: 'el slug «{slug}» tiene que tener de 1 a 64 letras minúsculas, dígitos y guiones sueltos (por ejemplo autos-del-sur)',
    pt: 'o slug “{slug}” precisa ter de 1 a 64 letras minúsculas, dígitos e hifens isolados (por exemplo autos-del-sur)',
  },
  dealer_name_length: {
    p: ['max'],
    en: 'name must be 1 to {max} characters',
    es: 'el nombre tiene que tener de 1 a {max, number} caracteres',
    pt: 'o nome precisa ter de 1 a {max, number} caracteres',
  },
  dealer_city_too_long: {
    p: ['max'],
    en: 'city must be at most {max} characters',
    es: 'la ciudad puede tener como máximo {max, number} caracteres',
    pt: 'a cidade pode ter no máximo {max, number} caracteres',
  },
  dealer_markets_empty: {
    p: ['markets'],
    en: 'markets must name at least one market ({markets})',
    es: 'markets tiene que nombrar al menos un mercado ({markets})',
    pt: 'markets precisa indicar pelo menos um mercado ({markets})',
  },
  dealer_market_unknown: {
    p: ['unknown', 'markets'],
    en: 'unknown market {unknown}; known markets: {markets}',
    es: 'mercado desconocido: {unknown}; los mercados conocidos son {markets}',
    pt: 'mercado desconhecido: {unknown}; os mercados conhecidos são {markets}',
  },
  dealer_slug_taken: {
    p: ['slug'],
    en: 'a dealership with slug "{slug}" already exists',
    es: 'ya existe una concesionaria con el slug «{slug}»',
    pt: 'já existe uma revenda com o slug “{slug}”',
  },
  dealer_not_found: {
    p: ['slug'],
    en: 'no dealership with slug "{slug}"',
    es: 'no hay ninguna concesionaria con el slug «{slug}»',
    pt: 'não há nenhuma revenda com o slug “{slug}”',
  },
  dealer_id_not_found: {
    p: ['id'],
    en: 'no dealership {id}',
    es: 'no existe la concesionaria {id}',
    pt: 'não existe a revenda {id}',
  },
  profile_invalid: {
    p: ['problems'],
    en: 'the profile was not changed: {problems}',
    es: 'el perfil no se modificó: {problems}',
    pt: 'o perfil não foi alterado: {problems}',
  },
  profile_phone_invalid: {
    p: ['name', 'value', 'market'],
    en: '{name} "{value}" is not a valid phone number{market, select, none {} other { of market {market}}} (write it as people there do, or with + and the country code)',
    es: '{name} «{value}» no es un número de teléfono válido{market, select, none {} other { del mercado {market}}} (hay que escribirlo como se escribe allí, o con + y el código del país)',
    pt: '{name} “{value}” não é um número de telefone válido{market, select, none {} other { do mercado {market}}} (é preciso escrevê-lo como se escreve lá, ou com + e o código do país)',
  },
  profile_too_long: {
    p: ['name', 'max'],
    en: '{name} must be at most {max} characters',
    es: '{name} puede tener como máximo {max, number} caracteres',
    pt: '{name} pode ter no máximo {max, number} caracteres',
  },
  profile_website_invalid: {
    p: ['value'],
    en: 'website "{value}" must be an http or https address (e.g. https://autosdelsur.com.ar)',
    es: 'website «{value}» tiene que ser una dirección http o https (por ejemplo https://autosdelsur.com.ar)',
    pt: 'website “{value}” precisa ser um endereço http ou https (por exemplo https://autosdelsur.com.ar)',
  },
  profile_time_zone_invalid: {
    p: ['value'],
    en: 'time zone "{value}" is not an IANA time zone name (e.g. America/Argentina/Buenos_Aires, Europe/Madrid)',
    es: 'la zona horaria «{value}» no es un nombre de zona horaria IANA (por ejemplo America/Argentina/Buenos_Aires, Europe/Madrid)',
    pt: 'o fuso horário “{value}” não é um nome de fuso horário IANA (por exemplo America/Argentina/Buenos_Aires, Europe/Madrid)',
  },
  profile_dealer_gone: { en: 'no such dealership', es: 'no existe esa concesionaria', pt: 'não existe essa revenda' },

  // The command line: feeds, their column overrides and dry runs.
  feed_market_required: {
    p: ['dealer', 'markets'],
    en: '--market is required: {dealer} sells in {markets}',
    es: 'falta --market: {dealer} vende en {markets}',
    pt: 'falta --market: {dealer} vende em {markets}',
  },
  feed_market_not_sold: {
    p: ['dealer', 'market', 'markets'],
    en: '{dealer} does not sell in market "{market}" (it sells in {markets})',
    es: '{dealer} no vende en el mercado «{market}» (vende en {markets})',
    pt: '{dealer} não vende no mercado “{market}” (vende em {markets})',
  },
  feed_source_unknown: {
    p: ['source', 'sources'],
    en: 'unknown source "{source}"; one of {sources}',
    es: 'origen desconocido «{source}»; tiene que ser uno de {sources}',
    pt: 'origem desconhecida “{source}”; precisa ser uma de {sources}',
  },
  feed_url_too_long: {
    p: ['max'],
    en: 'feed url must be at most {max} characters',
    es: 'la url del feed puede tener como máximo {max, number} caracteres',
    pt: 'a url do feed pode ter no máximo {max, number} caracteres',
  },
  feed_url_not_absolute: {
    p: ['url'],
    en: 'feed url "{url}" is not an absolute URL',
    es: 'la url del feed «{url}» no es una URL absoluta',
    pt: 'a url do feed “{url}” não é uma URL absoluta',
  },
  feed_url_scheme: {
    p: ['scheme'],
    en: 'feed url must start with http:// or https:// (this one is {scheme}); ftp, sftp and file addresses are not read: serve the file over HTTPS, or push it to the feed push address',
    es: 'la url del feed tiene que empezar con http:// o https:// (esta es {scheme}); las direcciones ftp, sftp y file no se leen: hay que servir el archivo por HTTPS o enviarlo a la dirección de push del feed',
    pt: 'a url do feed precisa começar com http:// ou https:// (esta é {scheme}); endereços ftp, sftp e file não são lidos: é preciso servir o arquivo por HTTPS ou enviá-lo para o endereço de push do feed',
  },
  feed_url_credentials: {
    en: 'feed url must not carry a user name or password',
    es: 'la url del feed no puede llevar usuario ni contraseña',
    pt: 'a url do feed não pode ter usuário nem senha',
  },
  feed_url_port: {
    p: ['ports'],
    en: 'feed url port must be one of {ports}',
    es: 'el puerto de la url del feed tiene que ser uno de {ports}',
    pt: 'a porta da url do feed precisa ser uma de {ports}',
  },
  feed_url_private: {
    en: 'feed url must point to a public address',
    es: 'la url del feed tiene que apuntar a una dirección pública',
    pt: 'a url do feed precisa apontar para um endereço público',
  },
  feed_no_url: {
    p: ['id'],
    en: 'feed {id} has no URL to read',
    es: 'el feed {id} no tiene ninguna URL para leer',
    pt: 'o feed {id} não tem nenhuma URL para ler',
  },
  feed_name_one: {
    en: 'name the feed with either --id (see feeds list) or --token',
    es: 'hay que indicar el feed con --id (ver feeds list) o con --token',
    pt: 'é preciso indicar o feed com --id (ver feeds list) ou com --token',
  },
  feed_id_invalid: {
    p: ['id'],
    en: '--id must be a feed id as feeds list shows it (got "{id}")',
    es: '--id tiene que ser el id de un feed tal como lo muestra feeds list (se recibió «{id}»)',
    pt: '--id precisa ser o id de um feed como feeds list o mostra (foi recebido “{id}”)',
  },
  feed_not_live_of: {
    p: ['dealer', 'id'],
    en: 'dealership "{dealer}" has no live feed {id, select, none {with that token} other {with id {id}}}',
    es: 'la concesionaria «{dealer}» no tiene ningún feed vigente {id, select, none {con ese token} other {con el id {id}}}',
    pt: 'a revenda “{dealer}” não tem nenhum feed vigente {id, select, none {com esse token} other {com o id {id}}}',
  },
  feed_check_not_live: {
    p: ['dealer', 'id'],
    en: 'dealership "{dealer}" has no live feed {id} (see feeds list)',
    es: 'la concesionaria «{dealer}» no tiene ningún feed vigente {id} (ver feeds list)',
    pt: 'a revenda “{dealer}” não tem nenhum feed vigente {id} (ver feeds list)',
  },
  file_unreadable: {
    p: ['path'],
    en: 'cannot read the file "{path}"',
    es: 'no se puede leer el archivo «{path}»',
    pt: 'não é possível ler o arquivo “{path}”',
  },
  file_too_large: {
    p: ['size', 'max'],
    en: 'the file is {size} bytes; a feed file is at most {max} bytes (10 MB)',
    es: 'el archivo tiene {size, number} bytes; un archivo de feed tiene como máximo {max, number} bytes (10 MB)',
    pt: 'o arquivo tem {size, number} bytes; um arquivo de feed tem no máximo {max, number} bytes (10 MB)',
  },
  mapping_column_empty: { en: 'the column name is empty', es: 'el nombre de la columna está vacío', pt: 'o nome da coluna está vazio' },
  mapping_column_too_long: {
    p: ['max'],
    en: 'the column name must be at most {max} characters',
    es: 'el nombre de la columna puede tener como máximo {max, number} caracteres',
    pt: 'o nome da coluna pode ter no máximo {max, number} caracteres',
  },
  mapping_field_unknown: {
    p: ['name', 'fields'],
    en: 'unknown field "{name}"; one of: {fields}',
    es: 'campo desconocido «{name}»; tiene que ser uno de estos: {fields}',
    pt: 'campo desconhecido “{name}”; precisa ser um destes: {fields}',
  },
  mapping_not_overridden: {
    p: ['column'],
    en: 'column "{column}" has no override',
    es: 'la columna «{column}» no está indicada a mano',
    pt: 'a coluna “{column}” não está indicada à mão',
  },
  mapping_id_invalid: {
    en: '--id must be a feed id as feeds list shows it',
    es: '--id tiene que ser el id de un feed tal como lo muestra feeds list',
    pt: '--id precisa ser o id de um feed como feeds list o mostra',
  },
  mapping_column_required: { en: '--column is required', es: 'falta --column', pt: 'falta --column' },
  mapping_field_and_remove: {
    en: 'give either --field or --remove, not both',
    es: 'hay que indicar --field o --remove, no los dos',
    pt: 'é preciso indicar --field ou --remove, não os dois',
  },
  mapping_field_required: { en: 'give --field F (or --remove)', es: 'hay que indicar --field F (o --remove)', pt: 'é preciso indicar --field F (ou --remove)' },

  // The command line: keys and users.
  key_prefix_not_found: {
    p: ['dealer', 'prefix'],
    en: 'dealership "{dealer}" has no live key with prefix "{prefix}"',
    es: 'la concesionaria «{dealer}» no tiene ninguna clave vigente con el prefijo «{prefix}»',
    pt: 'a revenda “{dealer}” não tem nenhuma chave vigente com o prefixo “{prefix}”',
  },
  user_not_in_dealer: {
    p: ['dealer', 'email'],
    en: 'dealership "{dealer}" has no user {email}',
    es: 'la concesionaria «{dealer}» no tiene ningún usuario {email}',
    pt: 'a revenda “{dealer}” não tem nenhum usuário {email}',
  },
} as const satisfies Table;

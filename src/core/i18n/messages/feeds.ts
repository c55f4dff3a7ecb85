// What feeds answer and report (D15, D17, D30, D31): a pushed body that cannot be taken, a feed
// or import not found, a file that cannot be read (each reason of the parser, which runs in its
// own process and sends the code back), and a feed URL that cannot be read. An import report
// keeps these as codes (stored.ts) and each reader sees them in their language.
import type { Table } from '../entry.js';

const WORKBOOK_EN = '{container, select, zip {The zip file} other {The .xlsx workbook}}';
const WORKBOOK_ES = '{container, select, zip {El archivo zip} other {El libro .xlsx}}';
const WORKBOOK_PT = '{container, select, zip {O arquivo zip} other {A planilha .xlsx}}';

export const FEEDS = {
  // The pushed body (push-routes.ts, body.ts).
  feed_too_large: {
    p: ['mb'],
    en: 'A feed file is at most {mb} MB.',
    es: 'Un archivo de feed puede pesar como máximo {mb} MB.',
    pt: 'Um arquivo de feed pode ter no máximo {mb} MB.',
  },
  body_unreadable: {
    p: ['detail'],
    en: 'The request body could not be read: {detail}',
    es: 'No se pudo leer el cuerpo de la solicitud: {detail}',
    pt: 'Não foi possível ler o corpo da requisição: {detail}',
  },
  multipart_unreadable: {
    p: ['detail'],
    en: 'The multipart body cannot be read: {detail}.',
    es: 'No se puede leer el cuerpo multipart: {detail}.',
    pt: 'Não é possível ler o corpo multipart: {detail}.',
  },
  multipart_no_file: {
    en: 'The multipart body has no part named "file" holding the feed file.',
    es: 'El cuerpo multipart no tiene ninguna parte llamada "file" con el archivo del feed.',
    pt: 'O corpo multipart não tem nenhuma parte chamada "file" com o arquivo do feed.',
  },
  feed_media_type: {
    p: ['type'],
    en: 'Unsupported Content-Type "{type}"; send the file as text/csv, text/tab-separated-values, application/json, application/xml or text/xml, or as the part "file" of multipart/form-data.',
    es: 'Content-Type «{type}» no admitido; el archivo tiene que enviarse como text/csv, text/tab-separated-values, application/json, application/xml o text/xml, o como la parte "file" de multipart/form-data.',
    pt: 'Content-Type “{type}” não aceito; o arquivo precisa ser enviado como text/csv, text/tab-separated-values, application/json, application/xml ou text/xml, ou como a parte "file" de multipart/form-data.',
  },
  feed_address_not_found: { en: 'No feed at this address.', es: 'No hay ningún feed en esta dirección.', pt: 'Não há nenhum feed neste endereço.' },
  push_rate_limited: {
    p: ['limit', 'wait'],
    en: 'More than {limit} pushes in 60 seconds to this feed; retry in {wait} s.',
    es: 'Más de {limit, number} envíos en 60 segundos a este feed; se puede volver a intentar en {wait} s.',
    pt: 'Mais de {limit, number} envios em 60 segundos para este feed; dá para tentar de novo em {wait} s.',
  },
  feed_not_found: { p: ['id'], en: 'No feed with id {id}.', es: 'No hay ningún feed con el id {id}.', pt: 'Não há nenhum feed com o id {id}.' },
  feed_not_live: {
    p: ['id'],
    en: 'no live feed with id {id}',
    es: 'No hay ningún feed vigente con el id {id}',
    pt: 'Não há nenhum feed vigente com o id {id}',
  },
  feed_already_revoked: { p: ['id'], en: 'feed {id} is already revoked', es: 'El feed {id} ya está revocado', pt: 'O feed {id} já está revogado' },
  import_not_found: {
    p: ['import', 'feed'],
    en: 'No import {import} of feed {feed}.',
    es: 'No hay ninguna importación {import} del feed {feed}.',
    pt: 'Não há nenhuma importação {import} do feed {feed}.',
  },
  feed_empty: {
    en: 'The feed file lists no cars; an empty file is never read as "every car sold". Nothing was changed.',
    es: 'El archivo del feed no tiene ningún auto; un archivo vacío nunca se interpreta como «todos los autos vendidos». No se cambió nada.',
    pt: 'O arquivo do feed não tem nenhum carro; um arquivo vazio nunca é interpretado como “todos os carros vendidos”. Nada foi alterado.',
  },
  feed_unreadable: {
    p: ['why'],
    en: 'The feed file could not be read: {why}',
    es: 'No se pudo leer el archivo del feed: {why}',
    pt: 'Não foi possível ler o arquivo do feed: {why}',
  },

  // Why a file cannot be read (parse/*.ts, decompress.ts): `why` of feed_unreadable.
  file_empty: { en: 'The file is empty.', es: 'El archivo está vacío.', pt: 'O arquivo está vazio.' },
  file_binary_kind: {
    p: ['kind'],
    en: 'The file is {kind, select, xls {an old Excel .xls workbook: save it as .xlsx or CSV} gzip {gzip-compressed: send the file uncompressed} pdf {a PDF document} png {a PNG image} jpeg {a JPEG image} rar {a RAR archive} other {a 7-Zip archive}}; send CSV, JSON, XML or an .xlsx workbook.',
    es: 'El archivo es {kind, select, xls {un libro de Excel .xls antiguo: hay que guardarlo como .xlsx o CSV} gzip {un archivo comprimido con gzip: hay que enviarlo sin comprimir} pdf {un documento PDF} png {una imagen PNG} jpeg {una imagen JPEG} rar {un archivo RAR} other {un archivo 7-Zip}}; se aceptan CSV, JSON, XML o un libro .xlsx.',
    pt: 'O arquivo é {kind, select, xls {uma planilha antiga do Excel .xls: é preciso salvá-la como .xlsx ou CSV} gzip {um arquivo compactado com gzip: é preciso enviá-lo descompactado} pdf {um documento PDF} png {uma imagem PNG} jpeg {uma imagem JPEG} rar {um arquivo RAR} other {um arquivo 7-Zip}}; são aceitos CSV, JSON, XML ou uma planilha .xlsx.',
  },
  file_not_text: {
    en: 'The file is not text (it holds binary data); send CSV, JSON, XML or an .xlsx workbook.',
    es: 'El archivo no es de texto (tiene datos binarios); se aceptan CSV, JSON, XML o un libro .xlsx.',
    pt: 'O arquivo não é de texto (tem dados binários); são aceitos CSV, JSON, XML ou uma planilha .xlsx.',
  },
  file_not_xlsx: {
    en: 'The file was sent as an Excel .xlsx workbook but is not one (an .xlsx file is a zip archive).',
    es: 'El archivo se envió como libro de Excel .xlsx pero no lo es (un .xlsx es un archivo zip).',
    pt: 'O arquivo foi enviado como planilha do Excel .xlsx mas não é uma (um .xlsx é um arquivo zip).',
  },
  file_too_many_rows: {
    p: ['max'],
    en: 'The file has more than {max, number} vehicles (the limit per file); nothing was applied. Split the inventory.',
    es: 'El archivo tiene más de {max, number} autos (el límite por archivo); no se aplicó nada. Hay que dividir el inventario.',
    pt: 'O arquivo tem mais de {max, number} carros (o limite por arquivo); nada foi aplicado. É preciso dividir o estoque.',
  },
  file_no_known_columns: {
    p: ['names', 'more'],
    en: 'None of the columns has a name the service knows ({names}{more, select, yes {, …} other {}}); the first row must name the columns, e.g. external_id, brand, model, year, price, mileage, photos (see the feed column documentation).',
    es: 'Ninguna columna tiene un nombre que el servicio conozca ({names}{more, select, yes {, …} other {}}); la primera fila tiene que nombrar las columnas, por ejemplo external_id, brand, model, year, price, mileage, photos (ver la documentación de columnas del feed).',
    pt: 'Nenhuma coluna tem um nome que o serviço conheça ({names}{more, select, yes {, …} other {}}); a primeira linha precisa nomear as colunas, por exemplo external_id, brand, model, year, price, mileage, photos (ver a documentação de colunas do feed).',
  },
  file_too_many_names: {
    p: ['max'],
    en: "The file's vehicles use more than {max} different field names; it does not look like an inventory.",
    es: 'Los autos del archivo usan más de {max, number} nombres de campo distintos; no parece un inventario.',
    pt: 'Os carros do arquivo usam mais de {max, number} nomes de campo diferentes; não parece um estoque.',
  },
  file_too_deep: {
    en: 'The file is too large or too deeply nested to read.',
    es: 'El archivo es demasiado grande o tiene demasiados niveles anidados para leerlo.',
    pt: 'O arquivo é grande demais ou tem níveis aninhados demais para ser lido.',
  },
  file_out_of_memory: {
    en: 'The file is too large to read: parsing it needs more memory than a feed may use.',
    es: 'El archivo es demasiado grande para leerlo: procesarlo necesita más memoria de la que puede usar un feed.',
    pt: 'O arquivo é grande demais para ser lido: processá-lo exige mais memória do que um feed pode usar.',
  },
  parser_stopped: {
    en: 'The file could not be read: the parser stopped before the end of the file.',
    es: 'No se pudo leer el archivo: el lector se detuvo antes del final del archivo.',
    pt: 'Não foi possível ler o arquivo: o leitor parou antes do fim do arquivo.',
  },
  parser_failed: {
    p: ['detail'],
    en: 'The file could not be read: the parser failed ({detail}).',
    es: 'No se pudo leer el archivo: el lector falló ({detail}).',
    pt: 'Não foi possível ler o arquivo: o leitor falhou ({detail}).',
  },
  parse_timeout: {
    p: ['seconds'],
    en: 'The file took too long to read (over {seconds} s).',
    es: 'Leer el archivo llevó demasiado tiempo (más de {seconds} s).',
    pt: 'Ler o arquivo levou tempo demais (mais de {seconds} s).',
  },
  csv_row_too_long: {
    p: ['mb', 'line'],
    en: "The CSV file has a row longer than {mb} MB{line, select, none {} other { (line {line})}}; a car's row is a few kilobytes. Is a quote left open?",
    es: 'El archivo CSV tiene una fila de más de {mb} MB{line, select, none {} other { (línea {line})}}; la fila de un auto ocupa unos pocos kilobytes. ¿Quedó una comilla sin cerrar?',
    pt: 'O arquivo CSV tem uma linha com mais de {mb} MB{line, select, none {} other { (linha {line})}}; a linha de um carro ocupa poucos kilobytes. Ficou alguma aspa sem fechar?',
  },
  csv_quote_open: {
    p: ['line'],
    en: 'The CSV file has a quote that is never closed{line, select, none {} other { (line {line})}}.',
    es: 'El archivo CSV tiene una comilla que nunca se cierra{line, select, none {} other { (línea {line})}}.',
    pt: 'O arquivo CSV tem uma aspa que nunca é fechada{line, select, none {} other { (linha {line})}}.',
  },
  csv_unreadable: {
    p: ['line', 'detail'],
    en: 'The CSV file cannot be read{line, select, none {} other { (line {line})}}: {detail}',
    es: 'No se puede leer el archivo CSV{line, select, none {} other { (línea {line})}}: {detail}',
    pt: 'Não é possível ler o arquivo CSV{line, select, none {} other { (linha {line})}}: {detail}',
  },
  json_unreadable: {
    p: ['detail'],
    en: 'The JSON file cannot be read: {detail}',
    es: 'No se puede leer el archivo JSON: {detail}',
    pt: 'Não é possível ler o arquivo JSON: {detail}',
  },
  json_no_list: {
    en: 'The JSON file must be an array of vehicles, or an object with a "vehicles" array.',
    es: 'El archivo JSON tiene que ser una lista de autos, o un objeto con una lista "vehicles".',
    pt: 'O arquivo JSON precisa ser uma lista de carros, ou um objeto com uma lista "vehicles".',
  },
  json_too_many_containers: {
    p: ['max'],
    en: 'The JSON file has more than {max, number} objects and lists; it does not look like an inventory.',
    es: 'El archivo JSON tiene más de {max, number} objetos y listas; no parece un inventario.',
    pt: 'O arquivo JSON tem mais de {max, number} objetos e listas; não parece um estoque.',
  },
  json_too_many_entries: {
    p: ['max'],
    en: 'The JSON file has a list of more than {max, number} entries; a feed file holds at most {max, number} vehicles (the limit per file). Nothing was applied; split the inventory.',
    es: 'El archivo JSON tiene una lista de más de {max, number} elementos; un archivo de feed tiene como máximo {max, number} autos (el límite por archivo). No se aplicó nada; hay que dividir el inventario.',
    pt: 'O arquivo JSON tem uma lista com mais de {max, number} itens; um arquivo de feed tem no máximo {max, number} carros (o limite por arquivo). Nada foi aplicado; é preciso dividir o estoque.',
  },
  xml_unreadable: {
    p: ['line', 'detail'],
    en: 'The XML file cannot be read (line {line}): {detail}',
    es: 'No se puede leer el archivo XML (línea {line}): {detail}',
    pt: 'Não é possível ler o arquivo XML (linha {line}): {detail}',
  },
  xml_doctype: {
    en: 'The XML file has a DOCTYPE or ENTITY declaration; feeds must not declare them (they are refused, never expanded or fetched).',
    es: 'El archivo XML tiene una declaración DOCTYPE o ENTITY; los feeds no pueden declararlas (se rechazan, nunca se expanden ni se descargan).',
    pt: 'O arquivo XML tem uma declaração DOCTYPE ou ENTITY; os feeds não podem declará-las (são recusadas, nunca expandidas nem baixadas).',
  },
  xml_too_many: {
    p: ['max'],
    en: 'The XML file has more than {max, number} vehicles (more than {max, number} elements in one list), the limit per file; nothing was applied. Split the inventory.',
    es: 'El archivo XML tiene más de {max, number} autos (más de {max, number} elementos en una lista), el límite por archivo; no se aplicó nada. Hay que dividir el inventario.',
    pt: 'O arquivo XML tem mais de {max, number} carros (mais de {max, number} elementos numa lista), o limite por arquivo; nada foi aplicado. É preciso dividir o estoque.',
  },
  xml_no_root: { en: 'The XML file has no root element.', es: 'El archivo XML no tiene elemento raíz.', pt: 'O arquivo XML não tem elemento raiz.' },
  xml_no_vehicles: {
    en: 'The XML file has no vehicle elements: expected e.g. <inventory><vehicle>…</vehicle></inventory>.',
    es: 'El archivo XML no tiene elementos de autos: se espera, por ejemplo, <inventory><vehicle>…</vehicle></inventory>.',
    pt: 'O arquivo XML não tem elementos de carros: espera-se, por exemplo, <inventory><vehicle>…</vehicle></inventory>.',
  },
  xlsx_not_workbook: {
    en: 'The file is a zip archive but not an Excel .xlsx workbook.',
    es: 'El archivo es un zip pero no un libro de Excel .xlsx.',
    pt: 'O arquivo é um zip mas não uma planilha do Excel .xlsx.',
  },
  xlsx_no_sheet: { en: 'The .xlsx workbook has no worksheet.', es: 'El libro .xlsx no tiene ninguna hoja.', pt: 'A planilha .xlsx não tem nenhuma aba.' },
  xlsx_sheet_name: {
    p: ['name'],
    en: 'The .xlsx workbook\'s first sheet is stored under an unusual name ("{name}"); save it again from a spreadsheet program.',
    es: 'La primera hoja del libro .xlsx está guardada con un nombre inusual («{name}»); hay que guardarlo de nuevo desde un programa de planillas.',
    pt: 'A primeira aba da planilha .xlsx está gravada com um nome incomum (“{name}”); é preciso salvá-la de novo num programa de planilhas.',
  },
  xlsx_unreadable: {
    p: ['detail'],
    en: 'The .xlsx workbook cannot be read: {detail}',
    es: 'No se puede leer el libro .xlsx: {detail}',
    pt: 'Não é possível ler a planilha .xlsx: {detail}',
  },
  zip_refused: {
    p: ['container', 'why'],
    en: `${WORKBOOK_EN} is refused: {why}.`,
    es: `${WORKBOOK_ES} se rechaza: {why}.`,
    pt: `${WORKBOOK_PT} foi recusado: {why}.`,
  },
  zip_broken: {
    p: ['container', 'why'],
    en: `${WORKBOOK_EN} cannot be read: {why}.`,
    es: `No se puede leer ${WORKBOOK_ES.replace('El archivo', 'el archivo').replace('El libro', 'el libro')}: {why}.`,
    pt: `Não é possível ler ${WORKBOOK_PT.replace('O arquivo', 'o arquivo').replace('A planilha', 'a planilha')}: {why}.`,
  },
  // `why` of zip_refused / zip_broken.
  zip_why_zip64_missing: { en: 'its ZIP64 directory is missing', es: 'falta su directorio ZIP64', pt: 'falta seu diretório ZIP64' },
  zip_why_zip64_broken: { en: 'its ZIP64 directory is broken', es: 'su directorio ZIP64 está dañado', pt: 'seu diretório ZIP64 está danificado' },
  zip_why_zip64_sizes: { en: 'its ZIP64 sizes are broken', es: 'sus tamaños ZIP64 están dañados', pt: 'seus tamanhos ZIP64 estão danificados' },
  zip_why_too_many_files: {
    p: ['count', 'max'],
    en: 'it has {count} files inside (at most {max})',
    es: 'tiene {count, number} archivos adentro (como máximo {max, number})',
    pt: 'tem {count, number} arquivos dentro (no máximo {max, number})',
  },
  zip_why_dir_outside: {
    en: 'its directory points outside the file',
    es: 'su directorio apunta fuera del archivo',
    pt: 'seu diretório aponta para fora do arquivo',
  },
  zip_why_dir_broken: { en: 'its directory is broken', es: 'su directorio está dañado', pt: 'seu diretório está danificado' },
  zip_why_unsafe_name: {
    p: ['name'],
    en: 'it holds a file with an unsafe name ("{name}")',
    es: 'contiene un archivo con un nombre inseguro («{name}»)',
    pt: 'contém um arquivo com um nome inseguro (“{name}”)',
  },
  zip_why_method: {
    p: ['method'],
    en: 'it uses an unsupported compression method ({method})',
    es: 'usa un método de compresión no admitido ({method})',
    pt: 'usa um método de compressão não aceito ({method})',
  },
  zip_why_entry_too_big: {
    p: ['name', 'size', 'max'],
    en: '"{name}" would take {size} MB once inflated (at most {max} MB)',
    es: '«{name}» ocuparía {size} MB descomprimido (como máximo {max} MB)',
    pt: '“{name}” ocuparia {size} MB descompactado (no máximo {max} MB)',
  },
  zip_why_ratio: {
    p: ['name', 'ratio'],
    en: '"{name}" is compressed {ratio} times (a zip bomb?)',
    es: '«{name}» está comprimido {ratio, number} veces (¿una bomba zip?)',
    pt: '“{name}” está compactado {ratio, number} vezes (uma bomba zip?)',
  },
  zip_why_total_too_big: {
    p: ['max'],
    en: 'its files would take more than {max} MB once inflated',
    es: 'sus archivos ocuparían más de {max} MB descomprimidos',
    pt: 'seus arquivos ocupariam mais de {max} MB descompactados',
  },
  zip_why_entry_missing: {
    p: ['name'],
    en: 'the entry "{name}" is missing',
    es: 'falta la entrada «{name}»',
    pt: 'falta a entrada “{name}”',
  },
  zip_why_incomplete: { en: 'it is not a complete zip archive', es: 'no es un archivo zip completo', pt: 'não é um arquivo zip completo' },
  zip_why_impossible_sizes: { en: 'it claims impossible sizes', es: 'declara tamaños imposibles', pt: 'declara tamanhos impossíveis' },
  zip_why_entry_cut: {
    p: ['name'],
    en: 'the entry "{name}" is cut short',
    es: 'la entrada «{name}» está cortada',
    pt: 'a entrada “{name}” está cortada',
  },
  zip_why_entry_corrupt: {
    p: ['name'],
    en: 'the entry "{name}" is corrupt',
    es: 'la entrada «{name}» está dañada',
    pt: 'a entrada “{name}” está danificada',
  },
  zip_why_inflates_more: {
    p: ['name'],
    en: '"{name}" inflates to more than its directory declares (a zip bomb?)',
    es: '«{name}» se descomprime a más de lo que declara su directorio (¿una bomba zip?)',
    pt: '“{name}” se descompacta em mais do que seu diretório declara (uma bomba zip?)',
  },
  zip_why_shared_strings: {
    p: ['size', 'max'],
    en: 'its shared strings table would take {size} MB once inflated (at most {max} MB)',
    es: 'su tabla de textos compartidos ocuparía {size} MB descomprimida (como máximo {max} MB)',
    pt: 'sua tabela de textos compartilhados ocuparia {size} MB descompactada (no máximo {max} MB)',
  },
  gzip_too_large: {
    p: ['mb'],
    en: 'The gzip file inflates to more than {mb} MB, the limit for a feed file; nothing was applied.',
    es: 'El archivo gzip descomprimido supera los {mb} MB, el límite de un archivo de feed; no se aplicó nada.',
    pt: 'O arquivo gzip descompactado passa de {mb} MB, o limite de um arquivo de feed; nada foi aplicado.',
  },
  gzip_corrupt: {
    en: 'The gzip file is corrupt or cut short; nothing was applied.',
    es: 'El archivo gzip está dañado o cortado; no se aplicó nada.',
    pt: 'O arquivo gzip está danificado ou cortado; nada foi aplicado.',
  },
  zip_file_count: {
    p: ['count'],
    en: 'The zip file holds {count} files; a feed zip must hold exactly one (CSV, TSV, XML, JSON or .xlsx). Nothing was applied.',
    es: '{count, plural, =0 {El archivo zip no tiene ningún archivo} one {El archivo zip tiene un archivo} other {El archivo zip tiene # archivos}}; el zip de un feed tiene que tener exactamente uno (CSV, TSV, XML, JSON o .xlsx). No se aplicó nada.',
    pt: '{count, plural, =0 {O arquivo zip não tem nenhum arquivo} one {O arquivo zip tem um arquivo} other {O arquivo zip tem # arquivos}}; o zip de um feed precisa ter exatamente um (CSV, TSV, XML, JSON ou .xlsx). Nada foi aplicado.',
  },
  zip_entry_too_large: {
    p: ['name', 'mb'],
    en: 'The file in the zip ("{name}") is larger than {mb} MB, the limit for a feed file; nothing was applied.',
    es: 'El archivo dentro del zip («{name}») pesa más de {mb} MB, el límite de un archivo de feed; no se aplicó nada.',
    pt: 'O arquivo dentro do zip (“{name}”) tem mais de {mb} MB, o limite de um arquivo de feed; nada foi aplicado.',
  },

  // A feed URL that cannot be read (pull.ts): an import report's message.
  feed_url_status: {
    p: ['status'],
    en: 'The feed URL answered HTTP {status} instead of 200.',
    es: 'La URL del feed respondió HTTP {status} en lugar de 200.',
    pt: 'A URL do feed respondeu HTTP {status} em vez de 200.',
  },
  feed_url_unreadable: {
    p: ['why'],
    en: 'The feed URL could not be read: {why}',
    es: 'No se pudo leer la URL del feed: {why}',
    pt: 'Não foi possível ler a URL do feed: {why}',
  },
  // `why` of feed_url_unreadable: an outbound failure (core/outbound/errors.ts). English is the
  // outbound error's own sentence (`detail`, which names the host only, never the path); the
  // others say its kind with the host.
  outbound_failed: {
    p: ['kind', 'detail'],
    en: '{kind, select, other {{detail}}}',
    es: '{kind, select, invalid_url {la URL no es válida.} scheme_not_allowed {la URL no usa http ni https.} port_not_allowed {la URL usa un puerto no permitido.} credentials_in_url {la URL lleva usuario o contraseña, y no se admiten credenciales en una URL.} address_not_allowed {la dirección del servidor no está permitida: solo se accede a direcciones públicas.} dns_failed {no se pudo resolver el nombre del servidor.} connect_failed {no se pudo conectar con el servidor.} too_many_redirects {el servidor redirigió demasiadas veces.} redirect_not_allowed {la redirección del servidor fue rechazada.} redirect_downgrade {la redirección del servidor pasa de https a http y fue rechazada.} timeout {el pedido al servidor no terminó a tiempo.} too_large {la respuesta del servidor supera el tamaño permitido.} other {el pedido al servidor falló.}}',
    pt: '{kind, select, invalid_url {a URL não é válida.} scheme_not_allowed {a URL não usa http nem https.} port_not_allowed {a URL usa uma porta não permitida.} credentials_in_url {a URL tem usuário ou senha, e credenciais não são aceitas numa URL.} address_not_allowed {o endereço do servidor não é permitido: só endereços públicos são acessados.} dns_failed {não foi possível resolver o nome do servidor.} connect_failed {não foi possível conectar ao servidor.} too_many_redirects {o servidor redirecionou vezes demais.} redirect_not_allowed {o redirecionamento do servidor foi recusado.} redirect_downgrade {o redirecionamento do servidor passa de https para http e foi recusado.} timeout {a requisição para o servidor não terminou a tempo.} too_large {a resposta do servidor passa do tamanho permitido.} other {a requisição para o servidor falhou.}}',
  },
} as const satisfies Table;

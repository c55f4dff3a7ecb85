// What a whole-stock run says about its cars and its outcome (D11, D26, D30): the row errors that
// are not one field's rule, why no car was marked sold, and an interrupted import.
import type { Table } from '../entry.js';

export const IMPORTS = {
  reconcile_stock_id: {
    p: ['i', 'id', 'problem'],
    en: 'external_ids[{i}] ({id}): {problem}; nothing was changed.',
    es: 'external_ids[{i}] ({id}): {problem}; no se cambió nada.',
    pt: 'external_ids[{i}] ({id}): {problem}; nada foi alterado.',
  },
  vin_filter: {
    p: ['problem'],
    en: 'The vin filter: {problem}.',
    es: '{problem} (en el filtro por VIN).',
    pt: '{problem} (no filtro por chassi).',
  },
  duplicate_vin: {
    p: ['vin', 'count', 'named', 'more'],
    en: 'vin {vin} is also the VIN of {count, plural, one {car} other {cars}} {named}{more, plural, =0 {} other { and # more}} for sale in this market; both are listed (allowed), check that this is not the same car twice',
    es: 'VIN: {vin} {count, plural, one {ya lo tiene otro auto publicado} other {ya lo tienen otros autos publicados}} ({named}{more, plural, =0 {} other { y # más}}); se publica igual, pero conviene revisar que no sea el mismo auto repetido',
    pt: 'Chassi: {vin} já está em {count, plural, one {outro carro anunciado} other {outros carros anunciados}} ({named}{more, plural, =0 {} other { e mais #}}); o anúncio é publicado mesmo assim, mas vale conferir se não é o mesmo carro repetido',
  },
  row_width: {
    p: ['row', 'values', 'columns'],
    en: 'row {row} has {values} values but the header has {columns} columns',
    es: 'Fila {row}: tiene {values, plural, one {# valor} other {# valores}}, pero el encabezado tiene {columns, plural, one {# columna} other {# columnas}}',
    pt: 'Linha {row}: tem {values, plural, one {# valor} other {# valores}}, mas o cabeçalho tem {columns, plural, one {# coluna} other {# colunas}}',
  },
  row_not_object: {
    p: ['n'],
    en: 'vehicle {n} is not an object',
    es: 'Auto {n}: los datos no tienen el formato correcto (se esperaba un objeto JSON)',
    pt: 'Carro {n}: os dados não estão no formato correto (era esperado um objeto JSON)',
  },
  mileage_unit_unknown: {
    p: ['unit'],
    en: 'mileage unit "{unit}" is not one the service reads; use KM or MI',
    es: 'Unidad del kilometraje: «{unit}» no se reconoce; tiene que ser KM o MI',
    pt: 'Unidade da quilometragem: “{unit}” não é reconhecida; precisa ser KM ou MI',
  },
  item_not_object: {
    en: 'each vehicle must be an object',
    es: 'Cada auto tiene que ser un objeto JSON con sus datos',
    pt: 'Cada carro precisa ser um objeto JSON com seus dados',
  },
  stock_id_required: { en: 'external_id is required', es: 'Código de stock: falta el dato', pt: 'Código de estoque: campo obrigatório' },
  stock_id_not_text: {
    en: 'external_id must be a string (text), e.g. "1043"',
    es: 'Código de stock: tiene que ser un texto, por ejemplo «1043»',
    pt: 'Código de estoque: precisa ser um texto, por exemplo “1043”',
  },
  stock_id_empty: { en: 'external_id is empty', es: 'Código de stock: está vacío', pt: 'Código de estoque: está vazio' },
  stock_id_too_long: {
    p: ['length', 'max'],
    en: 'external_id is {length} characters long; at most {max} are allowed',
    es: 'Código de stock: tiene {length} caracteres y se admiten hasta {max}',
    pt: 'Código de estoque: tem {length} caracteres e são aceitos até {max}',
  },
  stock_id_control: {
    p: ['char', 'position'],
    en: 'external_id holds a control or invisible formatting character ({char}) at character {position}',
    es: 'Código de stock: tiene un carácter invisible no permitido ({char}) en la posición {position}',
    pt: 'Código de estoque: tem um caractere invisível não permitido ({char}) na posição {position}',
  },
  stock_id_in_path: {
    p: ['problem', 'max'],
    en: 'The stock ID in the path: {problem}. A stock ID is 1 to {max} characters without control characters, percent-encoded in a path (A/1043 → A%2F1043).',
    es: '{problem} (en la ruta de la URL). Un código de stock tiene de 1 a {max} caracteres, sin caracteres de control, y en la ruta va codificado con % (A/1043 → A%2F1043).',
    pt: '{problem} (no caminho da URL). Um código de estoque tem de 1 a {max} caracteres, sem caracteres de controle, e no caminho vai codificado com % (A/1043 → A%2F1043).',
  },
  stock_id_repeats_call: {
    p: ['id', 'first'],
    en: 'external_id "{id}" repeats vehicle {first} of this call',
    es: 'Código de stock: «{id}» ya aparece en el auto {first} de este envío',
    pt: 'Código de estoque: “{id}” já aparece no carro {first} deste envio',
  },
  stock_id_repeats_file: {
    p: ['id', 'first'],
    en: 'external_id "{id}" repeats row {first} of this file',
    es: 'Código de stock: «{id}» ya aparece en la fila {first} de este archivo',
    pt: 'Código de estoque: “{id}” já aparece na linha {first} deste arquivo',
  },
  source_differs: {
    p: ['given', 'source'],
    en: 'source "{given}" differs from the call\'s source "{source}"',
    es: 'Origen: «{given}» no coincide con el origen del envío («{source}»)',
    pt: 'Origem: “{given}” não coincide com a origem do envio (“{source}”)',
  },
  market_differs: {
    p: ['given', 'market'],
    en: 'market "{given}" differs from the call\'s market "{market}"',
    es: 'País: «{given}» no coincide con el país del envío («{market}»)',
    pt: 'País: “{given}” não coincide com o país do envio (“{market}”)',
  },
  sold_skipped: {
    p: ['failed', 'channel'],
    en: '{failed, plural, one {{failed} vehicle} other {{failed} vehicles}} failed, so no car was marked sold; fix {failed, plural, one {it} other {them}} and {channel, select, feed {send the file again} other {sync again}}.',
    es: '{failed, plural, one {Un auto tuvo errores} other {# autos tuvieron errores}}, así que no se marcó ningún auto como vendido. Después de corregir{failed, plural, one {lo} other {los}}, {channel, select, feed {hay que enviar el archivo de nuevo} other {hay que sincronizar de nuevo}}.',
    pt: '{failed, plural, one {Um carro teve erros} other {# carros tiveram erros}}, então nenhum carro foi marcado como vendido. Depois de {failed, plural, one {corrigi-lo} other {corrigi-los}}, {channel, select, feed {é preciso enviar o arquivo de novo} other {é preciso sincronizar de novo}}.',
  },
  mass_sold_refused: {
    p: ['would', 'for_sale', 'source', 'market', 'share', 'min'],
    en: 'Marking {would} of the {for_sale} cars for sale of source "{source}" in market "{market}" as sold was refused: that is more than {share}% and at least {min} cars at once. Nothing was changed. Send allow_mass_sold: true if this is right.',
    es: 'No se marcaron como vendidos {would, number} de los {for_sale, number} autos publicados: son más del {share} % y al menos {min} autos de una vez, lo que suele indicar un archivo incompleto. No se cambió nada. Si es correcto, hay que enviarlo de nuevo con allow_mass_sold: true.',
    pt: 'Não foram marcados como vendidos {would, number} dos {for_sale, number} carros anunciados: são mais de {share}% e pelo menos {min} carros de uma vez, o que costuma indicar um arquivo incompleto. Nada foi alterado. Se estiver certo, é preciso enviar de novo com allow_mass_sold: true.',
  },
  mass_sold_recheck: {
    p: ['would', 'for_sale', 'share', 'min'],
    en: "No car was marked sold: while the file was applied the source's cars changed, and marking {would} of {for_sale} would break the mass-sold guard (more than {share}% and at least {min} cars at once).",
    es: 'No se marcó ningún auto como vendido: mientras se aplicaba el archivo cambiaron los autos de ese origen, y marcar {would, number} de {for_sale, number} superaría el límite de autos marcados como vendidos de una vez (más del {share} % y al menos {min} autos).',
    pt: 'Nenhum carro foi marcado como vendido: enquanto o arquivo era aplicado, os carros dessa origem mudaram, e marcar {would, number} de {for_sale, number} passaria do limite de carros marcados como vendidos de uma vez (mais de {share}% e pelo menos {min} carros).',
  },
  import_interrupted: {
    p: ['started', 'why'],
    en: 'The import of the feed file started at {started} was interrupted: {why} Cars of the file may have been applied in part; no car was marked sold. Send the file again.',
    es: 'La importación del archivo que empezó el {started} se interrumpió: {why} Puede que solo una parte de los autos se haya actualizado; no se marcó ningún auto como vendido. Hay que enviar el archivo de nuevo.',
    pt: 'A importação do arquivo iniciada em {started} foi interrompida: {why} Pode ser que só parte dos carros tenha sido atualizada; nenhum carro foi marcado como vendido. É preciso enviar o arquivo de novo.',
  },
  interrupted_stopped: {
    en: 'the service stopped before it finished.',
    es: 'el servicio se detuvo antes de terminarla.',
    pt: 'o serviço parou antes de terminá-la.',
  },
  interrupted_internal: {
    en: 'it stopped on an internal error before it finished.',
    es: 'se detuvo por un error interno antes de terminar.',
    pt: 'parou por um erro interno antes de terminar.',
  },
  // An import's counts as the panel shows them (issue 26, P109): each labelled, zeros left out.
  import_count_created: {
    p: ['n'],
    en: '{n, plural, one {# new} other {# new}}',
    es: '{n, plural, one {# nuevo} other {# nuevos}}',
    pt: '{n, plural, one {# novo} other {# novos}}',
  },
  import_count_updated: {
    p: ['n'],
    en: '{n, plural, one {# updated} other {# updated}}',
    es: '{n, plural, one {# actualizado} other {# actualizados}}',
    pt: '{n, plural, one {# atualizado} other {# atualizados}}',
  },
  import_count_sold: {
    p: ['n'],
    en: '{n, plural, one {# marked sold} other {# marked sold}}',
    es: '{n, plural, one {# marcado como vendido} other {# marcados como vendidos}}',
    pt: '{n, plural, one {# marcado como vendido} other {# marcados como vendidos}}',
  },
  import_count_errors: {
    p: ['n'],
    en: '{n, plural, one {# with errors} other {# with errors}}',
    es: '{n, plural, one {# con errores} other {# con errores}}',
    pt: '{n, plural, one {# com erros} other {# com erros}}',
  },
  import_count_none: {
    en: 'no changes',
    es: 'sin cambios',
    pt: 'nenhuma alteração',
  },
  import_partial: {
    p: ['ok', 'errors'],
    en: '{ok, plural, one {# car of the file was loaded} other {# cars of the file were loaded}}; {errors, plural, one {# row had errors and was not loaded} other {# rows had errors and were not loaded}}. Fix {errors, plural, one {it} other {them}} in the file and send it again.',
    es: '{ok, plural, one {Se cargó # auto del archivo} other {Se cargaron # autos del archivo}}; {errors, plural, one {# fila tenía errores y no se cargó} other {# filas tenían errores y no se cargaron}}. {errors, plural, one {Corríjala} other {Corríjalas}} en el archivo y envíelo de nuevo.',
    pt: '{ok, plural, one {# carro do arquivo foi carregado} other {# carros do arquivo foram carregados}}; {errors, plural, one {# linha tinha erros e não foi carregada} other {# linhas tinham erros e não foram carregadas}}. Corrija {errors, plural, one {a linha} other {as linhas}} no arquivo e envie de novo.',
  },
  import_none_loaded: {
    p: ['errors'],
    en: 'No car of the file was loaded: {errors, plural, one {its row had errors} other {all # rows had errors}}. Fix the file and send it again.',
    es: 'No se cargó ningún auto del archivo: {errors, plural, one {su fila tenía errores} other {las # filas tenían errores}}. Corrija el archivo y envíelo de nuevo.',
    pt: 'Nenhum carro do arquivo foi carregado: {errors, plural, one {sua linha tinha erros} other {as # linhas tinham erros}}. Corrija o arquivo e envie de novo.',
  },
} as const satisfies Table;

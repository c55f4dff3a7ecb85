// The words of issue 37 §3, §4 and §6 (D41, D42) on the pages and mails: a buyer's phone on the
// car page's form, reply speed in the panel and the weekly mail, a car's activity.
import type { Table } from '../entry.js';

export const CONVERSATION = {
  'public.problems.phone_area_code': {
    p: ['example'],
    en: 'The area code is missing: write the number with your city’s area code, for example {example}.',
    es: 'Falta el código de área: escribí el número con el código de tu ciudad, por ejemplo {example}.',
    pt: 'Falta o DDD: escreva o número com o DDD da sua cidade, por exemplo {example}.',
  },
  'public.problems.phone_unknown': {
    p: ['country'],
    en: 'This is not a phone number of {country}. Check it; a number of another country needs its country code in front (+…).',
    es: 'Este no es un número de teléfono de {country}. Revisalo; si es de otro país, escribilo con su código de país adelante (+…).',
    pt: 'Este não é um número de telefone válido neste país ({country}). Confira; um número de outro país precisa do código do país na frente (+…).',
  },
  // Reply speed (D42): how long a buyer waited for a first answer.
  'speed.underMinute': { en: 'under 1 min', es: 'menos de 1 min', pt: 'menos de 1 min' },
  'speed.minutes': { p: ['n'], en: '{n, number} min', es: '{n, number} min', pt: '{n, number} min' },
  'speed.hours': { p: ['n'], en: '{n, number} h', es: '{n, number} h', pt: '{n, number} h' },
  'speed.days': {
    p: ['n'],
    en: '{n, plural, one {# day} other {# days}}',
    es: '{n, plural, one {# día} other {# días}}',
    pt: '{n, plural, one {# dia} other {# dias}}',
  },
  'speed.answeredIn': { p: ['time'], en: 'answered in {time}', es: 'respondida en {time}', pt: 'respondido em {time}' },
  'speed.notAnswered': { en: 'not answered yet', es: 'sin responder', pt: 'sem resposta' },
  'speed.firstResponse': { en: 'First response', es: 'Primera respuesta', pt: 'Primeira resposta' },
  'speed.firstResponseAt': { p: ['time', 'when'], en: 'in {time} ({when})', es: 'en {time} ({when})', pt: 'em {time} ({when})' },
  'speed.firstResponseNone': {
    en: 'Nobody has answered yet: reply, or call or write on WhatsApp from here.',
    es: 'Todavía nadie respondió: responda, o llame o escriba por WhatsApp desde aquí.',
    pt: 'Ninguém respondeu ainda: responda, ou ligue ou escreva no WhatsApp daqui.',
  },
  'speed.call': { en: 'Call', es: 'Llamar', pt: 'Ligar' },
  'speed.whatsappWith': { en: 'WhatsApp with the chosen reply', es: 'WhatsApp con la respuesta elegida', pt: 'WhatsApp com a resposta escolhida' },
  // The statistics page.
  'speed.title': { en: 'Reply speed', es: 'Velocidad de respuesta', pt: 'Velocidade de resposta' },
  'speed.help': {
    en: 'How soon your team first answered the buyers of this period: a reply by e-mail, or a call or WhatsApp opened from the conversation. Buyers answered within minutes buy far more often.',
    es: 'Qué tan rápido su equipo respondió por primera vez a los compradores del período: una respuesta por correo, o una llamada o WhatsApp abiertos desde la conversación. Los compradores atendidos en minutos compran mucho más.',
    pt: 'Com que rapidez a sua equipe respondeu pela primeira vez aos compradores do período: uma resposta por e-mail, ou uma ligação ou WhatsApp abertos na conversa. Compradores atendidos em minutos compram muito mais.',
  },
  'speed.median': { en: 'Your median', es: 'Su mediana', pt: 'A sua mediana' },
  'speed.within1h': { en: 'Answered within 1 hour', es: 'Respondidas dentro de 1 hora', pt: 'Respondidos em até 1 hora' },
  'speed.market': { en: 'Market median', es: 'Mediana del mercado', pt: 'Mediana do mercado' },
  'speed.marketHelp': {
    en: 'The market median is that of every dealership selling in your markets, without names.',
    es: 'La mediana del mercado es la de todos los concesionarios que venden en sus mercados, sin nombres.',
    pt: 'A mediana do mercado é a de todas as concessionárias que vendem nos seus mercados, sem nomes.',
  },
  'speed.answered': {
    p: ['n', 'total', 'count'],
    en: '{n} of {total} {count, plural, one {lead} other {leads}} answered',
    es: '{n} de {total} {count, plural, one {consulta respondida} other {consultas respondidas}}',
    pt: '{n} de {total} {count, plural, one {contato respondido} other {contatos respondidos}}',
  },
  'speed.tooFew': { p: ['min'], en: 'needs {min} answered leads', es: 'hacen falta {min} respondidas', pt: 'são precisos {min} respondidos' },
  // The weekly mail.
  'speed.mailLine': {
    p: ['median', 'share'],
    en: 'Reply speed: median {median}; {share} answered within 1 hour.',
    es: 'Velocidad de respuesta: mediana de {median}; {share} respondidas dentro de 1 hora.',
    pt: 'Velocidade de resposta: mediana de {median}; {share} respondidos em até 1 hora.',
  },
  'speed.mailMarket': { p: ['median'], en: 'Market median: {median}.', es: 'Mediana del mercado: {median}.', pt: 'Mediana do mercado: {median}.' },
  'speed.mailTooFew': {
    p: ['share'],
    en: 'Reply speed: {share} answered within 1 hour.',
    es: 'Velocidad de respuesta: {share} respondidas dentro de 1 hora.',
    pt: 'Velocidade de resposta: {share} respondidos em até 1 hora.',
  },
  // The overview's nudge.
  'speed.nudgeTitle': {
    en: 'A buyer has waited over an hour',
    es: 'Un comprador espera hace más de una hora',
    pt: 'Um comprador espera há mais de uma hora',
  },
  'speed.nudgeText': {
    p: ['name', 'time', 'others'],
    en: '{name} has waited {time} for an answer{others, plural, =0 {} one { (and # more buyer)} other { (and # more buyers)}}. The sooner you answer, the likelier the sale.',
    es: '{name} espera su respuesta hace {time}{others, plural, =0 {} one { (y # comprador más)} other { (y # compradores más)}}. Cuanto antes responda, más probable es la venta.',
    pt: '{name} espera a sua resposta há {time}{others, plural, =0 {} one { (e mais # comprador)} other { (e mais # compradores)}}. Quanto antes responder, mais provável a venda.',
  },
  'speed.nudgeLink': { en: 'Answer now', es: 'Responder ahora', pt: 'Responder agora' },
  // A car's recent activity (the panel's car page, P211): what changed and who changed it.
  'inventory.activity.who': { en: 'Who', es: 'Quién', pt: 'Quem' },
  'inventory.activity.kind.created': { en: 'Car added', es: 'Auto cargado', pt: 'Carro cadastrado' },
  'inventory.activity.kind.edited': { en: 'Details edited', es: 'Datos editados', pt: 'Dados editados' },
  'inventory.activity.kind.sold': { en: 'Marked as sold', es: 'Marcado como vendido', pt: 'Marcado como vendido' },
  'inventory.activity.kind.for_sale_again': { en: 'Back for sale', es: 'De nuevo a la venta', pt: 'De volta à venda' },
  'inventory.activity.kind.withdrawn': { en: 'Withdrawn', es: 'Retirado', pt: 'Retirado' },
  // Shown only through price and photos below (their own words, with the values).
  'inventory.activity.kind.price': { en: 'Price changed', es: 'Precio cambiado', pt: 'Preço alterado' },
  'inventory.activity.kind.photos': { en: 'Photos changed', es: 'Fotos cambiadas', pt: 'Fotos alteradas' },
  'inventory.activity.price': { p: ['from', 'to'], en: 'Price: {from} → {to}', es: 'Precio: {from} → {to}', pt: 'Preço: {from} → {to}' },
  'inventory.activity.photos': {
    p: ['from', 'to'],
    en: 'Photos changed: {from, plural, one {# photo} other {# photos}} → {to, plural, one {# photo} other {# photos}}',
    es: 'Fotos cambiadas: {from, plural, one {# foto} other {# fotos}} → {to, plural, one {# foto} other {# fotos}}',
    pt: 'Fotos alteradas: {from, plural, one {# foto} other {# fotos}} → {to, plural, one {# foto} other {# fotos}}',
  },
  'inventory.activity.by.api': { en: 'Your system (API)', es: 'Su sistema (API)', pt: 'O seu sistema (API)' },
  'inventory.activity.by.sync': { en: 'Your system (sync)', es: 'Su sistema (sincronización)', pt: 'O seu sistema (sincronização)' },
  'inventory.activity.by.feed': { en: 'Your feed', es: 'Su feed', pt: 'O seu feed' },
  'inventory.activity.by.removed': { en: 'A removed user', es: 'Un usuario eliminado', pt: 'Um usuário removido' },
} as const satisfies Table;

// The words of the panel's overview page in the three languages. English defines the keys;
// Spanish and Portuguese must have every one (the type checks it).
import type { FeedImportResult, FeedTrigger } from '../../core/db/schema.js';
import type { Lang } from '../../core/web/context.js';
import { icu } from '../../core/i18n/index.js';

const en = {
  passwordSet: 'Your password is set. Welcome!',
  cars: 'Cars',
  total: (n: number) => `${n} in all`,
  needsAction: 'Cars that need you',
  inReview: 'In review',
  inReviewNone: 'No car is held for review.',
  failedPhotos: 'Photos that failed',
  failedPhotosNone: 'No photo failed.',
  photoN: (n: number) => `Photo ${n}`,
  imports: 'Latest feed imports',
  importsNone: 'No feed import yet.',
  col: { when: 'When', trigger: 'How', result: 'Result', counts: 'Cars', car: 'Car' },
  trigger: { push: 'Sent to us', pull: 'Read by us' } satisfies Record<FeedTrigger, string>,
  result: {
    processed: 'Processed',
    refused: 'Refused',
    unreadable: 'Unreadable',
    unreachable: 'Unreachable',
    running: 'Running',
    interrupted: 'Interrupted',
  } satisfies Record<FeedImportResult, string>,
  counts: (rows: number, created: number, updated: number, sold: number, errors: number) =>
    icu(
      'en',
      '{rows, plural, one {# row} other {# rows}}: {created} new, {updated} updated, {sold} sold, {errors} with errors',
    )({ rows, created, updated, sold, errors }),
  seeImport: 'See the report',
  webhooksOff: 'Webhooks turned off',
  webhooksOffText: (n: number) => icu('en', '{n, plural, one {# webhook is} other {# webhooks are}} off after failing repeatedly.')({ n }),
  webhooksLink: 'Check the webhooks',
  leads: 'Buyers waiting for you',
  leadsCount: (n: number) => icu('en', '{n, plural, one {# buyer waits} other {# buyers wait}} for an answer.')({ n }),
  leadsNone: 'No buyer is waiting for an answer.',
  leadsAll: 'See all leads',
  unknownCar: 'A car no longer listed',
  erasedBuyer: 'A buyer (details erased)',
  unread: 'Unread',
};

type OverviewTexts = typeof en;

const es: OverviewTexts = {
  passwordSet: 'Su contraseña quedó guardada. ¡Bienvenido!',
  cars: 'Autos',
  total: (n) => `${n} en total`,
  needsAction: 'Autos que necesitan su atención',
  inReview: 'En revisión',
  inReviewNone: 'No hay autos en revisión.',
  failedPhotos: 'Fotos que fallaron',
  failedPhotosNone: 'Ninguna foto falló.',
  photoN: (n) => `Foto ${n}`,
  imports: 'Últimas importaciones de feeds',
  importsNone: 'Todavía no hubo importaciones.',
  col: { when: 'Cuándo', trigger: 'Cómo', result: 'Resultado', counts: 'Autos', car: 'Auto' },
  trigger: { push: 'Enviado por su sistema', pull: 'Leído por nosotros' },
  result: {
    processed: 'Procesada',
    refused: 'Rechazada',
    unreadable: 'Ilegible',
    unreachable: 'Inaccesible',
    running: 'En curso',
    interrupted: 'Interrumpida',
  },
  counts: (rows, created, updated, sold, errors) =>
    icu(
      'es',
      '{rows, plural, one {# fila} other {# filas}}: {created, plural, one {# nuevo} other {# nuevos}}, {updated, plural, one {# actualizado} other {# actualizados}}, {sold, plural, one {# vendido} other {# vendidos}}, {errors, plural, one {# con error} other {# con errores}}',
    )({ rows, created, updated, sold, errors }),
  seeImport: 'Ver el informe',
  webhooksOff: 'Webhooks desactivados',
  webhooksOffText: (n) => icu('es', 'Hay {n, plural, one {# webhook desactivado} other {# webhooks desactivados}} por fallar repetidamente.')({ n }),
  webhooksLink: 'Revisar los webhooks',
  leads: 'Compradores esperando respuesta',
  leadsCount: (n) => icu('es', '{n, plural, one {# comprador espera} other {# compradores esperan}} respuesta.')({ n }),
  leadsNone: 'Ningún comprador espera respuesta.',
  leadsAll: 'Ver todas las consultas',
  unknownCar: 'Un auto que ya no está publicado',
  erasedBuyer: 'Un comprador (datos borrados)',
  unread: 'Sin leer',
};

const pt: OverviewTexts = {
  passwordSet: 'Sua senha foi salva. Boas-vindas!',
  cars: 'Carros',
  total: (n) => `${n} no total`,
  needsAction: 'Carros que precisam de você',
  inReview: 'Em análise',
  inReviewNone: 'Nenhum carro em análise.',
  failedPhotos: 'Fotos que falharam',
  failedPhotosNone: 'Nenhuma foto falhou.',
  photoN: (n) => `Foto ${n}`,
  imports: 'Últimas importações de feeds',
  importsNone: 'Ainda não houve importações.',
  col: { when: 'Quando', trigger: 'Como', result: 'Resultado', counts: 'Carros', car: 'Carro' },
  trigger: { push: 'Enviado pelo seu sistema', pull: 'Lido por nós' },
  result: {
    processed: 'Processada',
    refused: 'Recusada',
    unreadable: 'Ilegível',
    unreachable: 'Inacessível',
    running: 'Em andamento',
    interrupted: 'Interrompida',
  },
  counts: (rows, created, updated, sold, errors) =>
    icu(
      'pt',
      '{rows, plural, one {# linha} other {# linhas}}: {created, plural, one {# novo} other {# novos}}, {updated, plural, one {# atualizado} other {# atualizados}}, {sold, plural, one {# vendido} other {# vendidos}}, {errors, plural, one {# com erro} other {# com erros}}',
    )({ rows, created, updated, sold, errors }),
  seeImport: 'Ver o relatório',
  webhooksOff: 'Webhooks desativados',
  webhooksOffText: (n) => icu('pt', '{n, plural, one {# webhook está desativado} other {# webhooks estão desativados}} por falhar repetidamente.')({ n }),
  webhooksLink: 'Verificar os webhooks',
  leads: 'Compradores aguardando resposta',
  leadsCount: (n) => icu('pt', '{n, plural, one {# comprador aguarda} other {# compradores aguardam}} resposta.')({ n }),
  leadsNone: 'Nenhum comprador aguarda resposta.',
  leadsAll: 'Ver todos os contatos',
  unknownCar: 'Um carro que não está mais anunciado',
  erasedBuyer: 'Um comprador (dados apagados)',
  unread: 'Não lido',
};

export const OVERVIEW_TEXTS: Record<Lang, OverviewTexts> = { en, es, pt };

// The words of listing quality on a feed's import report and on "check a file" (D43, P246): the
// score each car has (or would have once published), a summary, and what to fix first.
import type { Table } from '../entry.js';

export const PANEL_FEED_QUALITY = {
  'feedQuality.title': { en: 'Listing quality', es: 'Calidad de los avisos', pt: 'Qualidade dos anúncios' },
  'feedQuality.checkHelp': {
    en: 'The score each car would have once published, lowest first. Photos are checked as they arrive: until then they count as good.',
    es: 'El puntaje que tendría cada auto al publicarse, los más bajos primero. Las fotos se revisan a medida que llegan: hasta entonces cuentan como buenas.',
    pt: 'A pontuação que cada carro teria ao ser publicado, as mais baixas primeiro. As fotos são verificadas à medida que chegam: até lá contam como boas.',
  },
  'feedQuality.reportHelp': {
    en: 'The score of each car this import loaded, as it is now, lowest first.',
    es: 'El puntaje actual de cada auto que cargó esta importación, los más bajos primero.',
    pt: 'A pontuação atual de cada carro que esta importação carregou, as mais baixas primeiro.',
  },
  'feedQuality.average': { en: 'Average score', es: 'Puntaje promedio', pt: 'Pontuação média' },
  'feedQuality.averageValue': { p: ['avg'], en: '{avg, number} of 100', es: '{avg, number} de 100', pt: '{avg, number} de 100' },
  'feedQuality.under': { en: 'Cars under 50', es: 'Autos con menos de 50', pt: 'Carros com menos de 50' },
  'feedQuality.underValue': {
    p: ['n', 'total'],
    en: '{n, number} of {total, number}',
    es: '{n, number} de {total, number}',
    pt: '{n, number} de {total, number}',
  },
  'feedQuality.pending': {
    p: ['n'],
    en: '{n, plural, one {The photos of # car are} other {The photos of # cars are}} still being checked: the score may change.',
    es: '{n, plural, one {Las fotos de # auto} other {Las fotos de # autos}} todavía se están revisando: el puntaje puede cambiar.',
    pt: '{n, plural, one {As fotos de # carro} other {As fotos de # carros}} ainda estão sendo verificadas: a pontuação pode mudar.',
  },
  'feedQuality.nothing': { en: 'Nothing to improve', es: 'Nada para mejorar', pt: 'Nada a melhorar' },
  'feedQuality.lowest': {
    p: ['shown', 'total'],
    en: 'The {shown, number} lowest of {total, number} cars.',
    es: 'Los {shown, number} de menor puntaje entre {total, number} autos.',
    pt: 'Os {shown, number} de menor pontuação entre {total, number} carros.',
  },
  'feedQuality.firstCars': {
    p: ['n'],
    en: 'This report keeps the first {n, number} cars of the file.',
    es: 'Este informe guarda los primeros {n, number} autos del archivo.',
    pt: 'Este relatório guarda os primeiros {n, number} carros do arquivo.',
  },
} as const satisfies Table;

// The words of listing quality in the panel (D43, P223): the inventory's column and sort, the
// car page's section, the overview's "cars to improve".
import type { Table } from '../entry.js';

export const PANEL_QUALITY = {
  'quality.col': { en: 'Quality', es: 'Calidad', pt: 'Qualidade' },
  'quality.sortLow': { en: 'Most to improve first', es: 'Primero los que más pueden mejorar', pt: 'Primeiro os que mais podem melhorar' },
  'quality.sortRecent': { en: 'Most recent first', es: 'Primero los más recientes', pt: 'Primeiro os mais recentes' },
  'quality.title': { en: 'Listing quality', es: 'Calidad del aviso', pt: 'Qualidade do anúncio' },
  'quality.score': { p: ['score'], en: '{score} of 100', es: '{score} de 100', pt: '{score} de 100' },
  'quality.perfect': {
    en: 'Nothing to improve: this listing has every photo, field and word buyers look for.',
    es: 'Nada para mejorar: este aviso tiene todas las fotos, datos y texto que buscan los compradores.',
    pt: 'Nada a melhorar: este anúncio tem todas as fotos, dados e texto que os compradores procuram.',
  },
  'quality.intro': {
    en: 'Each fix raises the score by the points shown. Photos are checked as they arrive.',
    es: 'Cada arreglo sube el puntaje en los puntos indicados. Las fotos se revisan a medida que llegan.',
    pt: 'Cada correção aumenta a pontuação nos pontos indicados. As fotos são verificadas à medida que chegam.',
  },
  'quality.points': {
    p: ['n'],
    en: '{n, plural, one {+# point} other {+# points}}',
    es: '{n, plural, one {+# punto} other {+# puntos}}',
    pt: '{n, plural, one {+# ponto} other {+# pontos}}',
  },
  'quality.fix': { en: 'Fix', es: 'Corregir', pt: 'Corrigir' },
  'quality.seePhoto': { p: ['n'], en: 'See photo {n}', es: 'Ver foto {n}', pt: 'Ver foto {n}' },
  'quality.toImprove': { en: 'Cars to improve', es: 'Autos para mejorar', pt: 'Carros para melhorar' },
  'quality.toImproveNone': {
    en: 'Every car for sale scores 100.',
    es: 'Todos los autos en venta tienen 100 puntos.',
    pt: 'Todos os carros à venda têm 100 pontos.',
  },
  'quality.toImproveHelp': {
    en: 'The cars for sale with the most points to gain: open one to see what to fix.',
    es: 'Los autos en venta con más puntos para ganar: abra uno para ver qué corregir.',
    pt: 'Os carros à venda com mais pontos a ganhar: abra um para ver o que corrigir.',
  },
  'quality.toImproveAll': { en: 'See all by quality', es: 'Ver todos por calidad', pt: 'Ver todos por qualidade' },
} as const satisfies Table;

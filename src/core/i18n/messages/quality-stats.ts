// The words of listing quality on the statistics page (stats.bands.*: views and leads by quality
// band, P249) and in the weekly summary mail (weekly.improve.*: the cars to improve, P248), D43.
// Numbers come formatted (Intl); a count used for a plural is given as a number.
import type { Table } from '../entry.js';

export const QUALITY_STATS = {
  'stats.bands.title': {
    en: 'Views and leads by listing quality',
    es: 'Visitas y consultas según la calidad del aviso',
    pt: 'Visualizações e contatos por qualidade do anúncio',
  },
  'stats.bands.help': {
    en: 'Your cars for sale, and those sold or withdrawn that were viewed or contacted in this period, grouped by the quality score each one has today.',
    es: 'Sus autos en venta, y los vendidos o retirados que tuvieron visitas o consultas en este período, agrupados por el puntaje de calidad que cada uno tiene hoy.',
    pt: 'Os seus carros à venda, e os vendidos ou retirados que tiveram visualizações ou contatos neste período, agrupados pela pontuação de qualidade que cada um tem hoje.',
  },
  'stats.bands.col.band': { en: 'Quality score', es: 'Puntaje de calidad', pt: 'Pontuação de qualidade' },
  'stats.bands.col.cars': { en: 'Cars', es: 'Autos', pt: 'Carros' },
  'stats.bands.col.views': { en: 'Views per car', es: 'Visitas por auto', pt: 'Visualizações por carro' },
  'stats.bands.col.leads': { en: 'Leads per car', es: 'Consultas por auto', pt: 'Contatos por carro' },
  'stats.bands.range': { p: ['low', 'high'], en: '{low}–{high}', es: '{low}–{high}', pt: '{low}–{high}' },
  'stats.bands.noCars': {
    en: 'No car was for sale or viewed in this period yet.',
    es: 'Todavía no hubo autos en venta ni vistos en este período.',
    pt: 'Ainda não houve carros à venda nem vistos neste período.',
  },
  'stats.bands.tooFew': {
    p: ['min'],
    en: 'Too few cars to compare yet: these figures say something about the score only once two groups have at least {min} cars each.',
    es: 'Todavía hay pocos autos para comparar: estas cifras dicen algo del puntaje recién cuando dos grupos tienen al menos {min} autos cada uno.',
    pt: 'Ainda há poucos carros para comparar: estes números dizem algo sobre a pontuação só quando dois grupos têm pelo menos {min} carros cada um.',
  },
  'stats.bands.noViews': {
    p: ['top', 'bottom'],
    en: 'Your cars scoring {top} and those scoring {bottom} had no views in this period: nothing to compare yet.',
    es: 'Sus autos con puntaje {top} y los de {bottom} no tuvieron visitas en este período: todavía no hay nada para comparar.',
    pt: 'Os seus carros com pontuação {top} e os de {bottom} não tiveram visualizações neste período: ainda não há nada para comparar.',
  },
  // kind: more, fewer or similar (views per car of the top band against the bottom one, P249).
  'stats.bands.finding': {
    p: ['kind', 'top', 'bottom', 'topViews', 'bottomViews', 'topLeads', 'bottomLeads'],
    en: '{kind, select, more {In this period your cars scoring {top} had more views per car than those scoring {bottom} ({topViews} against {bottomViews}; leads per car: {topLeads} against {bottomLeads}) — a link, not proof: price, model and year differ too.} fewer {In this period your cars scoring {top} had fewer views per car than those scoring {bottom} ({topViews} against {bottomViews}; leads per car: {topLeads} against {bottomLeads}): here a higher score did not bring more views.} other {In this period your cars scoring {top} had about as many views per car as those scoring {bottom} ({topViews} against {bottomViews}; leads per car: {topLeads} against {bottomLeads}): here the score made no clear difference.}}',
    es: '{kind, select, more {En este período sus autos con puntaje {top} tuvieron más visitas por auto que los de {bottom} ({topViews} contra {bottomViews}; consultas por auto: {topLeads} contra {bottomLeads}); es una relación, no una prueba: también difieren el precio, el modelo y el año.} fewer {En este período sus autos con puntaje {top} tuvieron menos visitas por auto que los de {bottom} ({topViews} contra {bottomViews}; consultas por auto: {topLeads} contra {bottomLeads}): aquí un puntaje más alto no trajo más visitas.} other {En este período sus autos con puntaje {top} tuvieron casi las mismas visitas por auto que los de {bottom} ({topViews} contra {bottomViews}; consultas por auto: {topLeads} contra {bottomLeads}): aquí el puntaje no marcó una diferencia clara.}}',
    pt: '{kind, select, more {Neste período os seus carros com pontuação {top} tiveram mais visualizações por carro que os de {bottom} ({topViews} contra {bottomViews}; contatos por carro: {topLeads} contra {bottomLeads}); é uma relação, não uma prova: preço, modelo e ano também diferem.} fewer {Neste período os seus carros com pontuação {top} tiveram menos visualizações por carro que os de {bottom} ({topViews} contra {bottomViews}; contatos por carro: {topLeads} contra {bottomLeads}): aqui uma pontuação mais alta não trouxe mais visualizações.} other {Neste período os seus carros com pontuação {top} tiveram quase as mesmas visualizações por carro que os de {bottom} ({topViews} contra {bottomViews}; contatos por carro: {topLeads} contra {bottomLeads}): aqui a pontuação não fez uma diferença clara.}}',
  },
  'weekly.improve.title': { en: 'Cars to improve', es: 'Autos para mejorar', pt: 'Carros para melhorar' },
  'weekly.improve.help': {
    en: 'The cars for sale with the most points to gain, each with the fix worth the most:',
    es: 'Los autos en venta con más puntos para ganar, cada uno con el arreglo que más suma:',
    pt: 'Os carros à venda com mais pontos a ganhar, cada um com a correção que mais soma:',
  },
} as const satisfies Table;

// Listing quality's hints (D43, P220): `quality.hints[].message` of a Vehicle and the panel's
// car page. Each says what to do, in the reader's language (D31).
import type { Table } from '../entry.js';

export const QUALITY = {
  quality_photos_few: {
    p: ['min'],
    en: 'Add photos: listings with at least {min} photos (front, back, sides, interior, dashboard, boot) get more contacts.',
    es: 'Agregue fotos: las publicaciones con al menos {min} fotos (frente, atrás, laterales, interior, tablero, baúl) reciben más consultas.',
    pt: 'Adicione fotos: anúncios com pelo menos {min} fotos (frente, traseira, laterais, interior, painel, porta-malas) recebem mais contatos.',
  },
  quality_photo_small: {
    p: ['n'],
    en: 'Photo {n} is smaller than 800×600 pixels: send a larger one.',
    es: 'La foto {n} mide menos de 800×600 píxeles: envíe una más grande.',
    pt: 'A foto {n} tem menos de 800×600 pixels: envie uma maior.',
  },
  quality_photo_blurry: {
    p: ['n'],
    en: 'Photo {n} looks blurry or plain: take it again in focus.',
    es: 'La foto {n} se ve borrosa o lisa: vuelva a sacarla con foco.',
    pt: 'A foto {n} parece desfocada ou lisa: tire-a de novo com foco.',
  },
  quality_photo_dark: {
    p: ['n'],
    en: 'Photo {n} is too dark: take it again with more light.',
    es: 'La foto {n} está muy oscura: vuelva a sacarla con más luz.',
    pt: 'A foto {n} está escura demais: tire-a de novo com mais luz.',
  },
  quality_photo_bright: {
    p: ['n'],
    en: 'Photo {n} is too bright: take it again out of direct light.',
    es: 'La foto {n} está muy clara: vuelva a sacarla sin luz directa.',
    pt: 'A foto {n} está clara demais: tire-a de novo sem luz direta.',
  },
  quality_photo_duplicate: {
    p: ['n'],
    en: 'Photo {n} is also on another of your cars for sale: show this car’s own photo.',
    es: 'La foto {n} también está en otro de sus autos en venta: muestre una foto de este auto.',
    pt: 'A foto {n} também está em outro dos seus carros à venda: mostre uma foto deste carro.',
  },
  quality_photo_elsewhere: {
    p: ['n'],
    en: 'Photo {n} is also on another dealership’s car (a stock or copied photo): show a photo of this car.',
    es: 'La foto {n} también está en un auto de otra concesionaria (foto de catálogo o copiada): muestre una foto de este auto.',
    pt: 'A foto {n} também está no carro de outra concessionária (foto de catálogo ou copiada): mostre uma foto deste carro.',
  },
  quality_photo_portrait_first: {
    en: 'The first photo is upright: lists show it cut. Put a landscape photo of the front three-quarter view first.',
    es: 'La primera foto es vertical y los listados la muestran recortada: ponga primero una foto horizontal de tres cuartos de frente.',
    pt: 'A primeira foto é vertical e as listas a mostram cortada: coloque primeiro uma foto horizontal de três quartos de frente.',
  },
  quality_description_short: {
    p: ['min'],
    en: 'Write a longer description (at least {min} characters): condition, service history, equipment.',
    es: 'Escriba una descripción más larga (al menos {min} caracteres): estado, service, equipamiento.',
    pt: 'Escreva uma descrição mais longa (pelo menos {min} caracteres): estado, revisões, equipamentos.',
  },
  quality_attribute_missing: {
    p: ['attribute'],
    en: 'Fill in the {attribute, select, fuel {fuel} transmission {transmission} version {version} other {colour}}: buyers filter by it.',
    es: 'Complete {attribute, select, fuel {el combustible} transmission {la transmisión} version {la versión} other {el color}}: los compradores filtran por ese dato.',
    pt: 'Preencha {attribute, select, fuel {o combustível} transmission {o câmbio} version {a versão} other {a cor}}: os compradores filtram por esse dado.',
  },
} as const satisfies Table;

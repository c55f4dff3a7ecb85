// Why a car is held in_review (D5, D10): `review_reasons`, the panel's car page, the
// vehicle.rejected event of the photos channel.
import type { Table } from '../entry.js';

export const REVIEW = {
  review_contact: {
    p: ['where', 'detail', 'text'],
    en: 'The {where} contains {detail, select, email {an e-mail address} web {a web address} other {a phone number}} ("{text}"); buyers must write through the marketplace, so send the car again without it.',
    es: '{where, select, description {La descripción} other {La versión}} tiene {detail, select, email {un correo electrónico} web {una dirección web} other {un número de teléfono}} («{text}»). Los compradores tienen que escribir por el marketplace: hay que enviar el auto de nuevo sin ese dato.',
    pt: '{where, select, description {A descrição} other {A versão}} tem {detail, select, email {um e-mail} web {um endereço web} other {um número de telefone}} (“{text}”). Os compradores precisam escrever pelo marketplace: é preciso enviar o carro de novo sem esse dado.',
  },
  review_photo: {
    p: ['position', 'url', 'reason'],
    en: 'Photo {position} ({url}) could not be used: {reason}.',
    es: 'La foto {position} ({url}) no se pudo usar: {reason}.',
    pt: 'A foto {position} ({url}) não pôde ser usada: {reason}.',
  },
  review_photo_unknown: {
    p: ['position', 'url'],
    en: 'Photo {position} ({url}) could not be used: it could not be downloaded.',
    es: 'La foto {position} ({url}) no se pudo usar: no se pudo descargar.',
    pt: 'A foto {position} ({url}) não pôde ser usada: não foi possível baixá-la.',
  },
  review_shortfall: {
    p: ['ready', 'min'],
    en: 'Only {ready} of the {min} photos needed could be used; send the car again with other photos.',
    es: '{ready, plural, =0 {No se pudo usar ninguna de las {min} fotos necesarias} one {Solo se pudo usar 1 de las {min} fotos necesarias} other {Solo se pudieron usar # de las {min} fotos necesarias}}; hay que enviar el auto de nuevo con otras fotos.',
    pt: '{ready, plural, =0 {Nenhuma das {min} fotos necessárias pôde ser usada} one {Só 1 das {min} fotos necessárias pôde ser usada} other {Só # das {min} fotos necessárias puderam ser usadas}}; é preciso enviar o carro de novo com outras fotos.',
  },
  review_held: {
    en: 'The car is held for review by the marketplace.',
    es: 'El marketplace retuvo el auto para revisarlo.',
    pt: 'O marketplace reteve o carro para análise.',
  },
} as const satisfies Table;

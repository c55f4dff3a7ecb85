// The words of the panel's car forms and car page added with the forms derived from the field
// table (issue 36, P189–P191): a field's own label is its word (`field.<name>`, words.ts), its
// values' words `value.<code>` (values.ts); these are the forms' and the page's other words.
import type { Table } from '../entry.js';

export const PANEL_CAR_FORMS = {
  'edit.details': { en: 'More about the car (optional)', es: 'Más datos del auto (opcionales)', pt: 'Mais dados do carro (opcionais)' },
  // The empty choice of a list a car may leave blank.
  'edit.notGiven': { en: 'Not given', es: 'Sin indicar', pt: 'Não informado' },
  // The photo rule, said before the first refusal (issue 36 §4): the market's numbers (D33).
  'edit.photoRule': {
    p: ['min', 'max', 'mb'],
    en: 'A car needs {min} to {max} photos, of at most {mb} MB each. Take them with the camera or pick them from the phone.',
    es: 'Un auto necesita de {min} a {max} fotos, de {mb} MB como máximo cada una. Sáquelas con la cámara o elíjalas del teléfono.',
    pt: 'Um carro precisa de {min} a {max} fotos, de no máximo {mb} MB cada. Tire com a câmera ou escolha no celular.',
  },
  'edit.keptPhotos': {
    p: ['count'],
    en: '{count, plural, one {# photo already uploaded} other {# photos already uploaded}}',
    es: '{count, plural, one {# foto ya subida} other {# fotos ya subidas}}',
    pt: '{count, plural, one {# foto já enviada} other {# fotos já enviadas}}',
  },
  'edit.keptHelp': {
    en: 'They stay with the car when you send the form again: add the rest, or tick one to leave it out.',
    es: 'Quedan con el auto al enviar de nuevo el formulario: agregue las que faltan o marque una para dejarla afuera.',
    pt: 'Ficam com o carro ao enviar o formulário de novo: adicione as que faltam ou marque uma para deixá-la de fora.',
  },
  'edit.keptRemove': { p: ['n'], en: 'Leave out photo {n}', es: 'Dejar afuera la foto {n}', pt: 'Deixar de fora a foto {n}' },
  'edit.keptAlt': { p: ['n'], en: 'Uploaded photo {n}', es: 'Foto subida {n}', pt: 'Foto enviada {n}' },
  // Where a photo came from, for one uploaded here (its address is a file inside: upload:<id>).
  'inventory.photoUploaded': { en: 'Uploaded from the panel', es: 'Subida desde el panel', pt: 'Enviada pelo painel' },
  // What to do about a car in review, by where it comes from (issue 36 §4, P190).
  'inventory.reviewHelpPanel': {
    en: 'Fix it with Edit and save: the car is checked again and goes on sale when it passes.',
    es: 'Corríjalo con Editar y guarde: el auto se revisa de nuevo y se publica cuando esté bien.',
    pt: 'Corrija com Editar e salve: o carro é verificado de novo e é publicado quando estiver certo.',
  },
  'inventory.reviewHelpSynced': {
    p: ['source'],
    en: 'This car comes from {source}: fix it there and send it again. An edit made here is overwritten by the next sync from {source}.',
    es: 'Este auto viene de {source}: corríjalo allí y vuelva a enviarlo. Un cambio hecho aquí se reemplaza con la próxima sincronización de {source}.',
    pt: 'Este carro vem de {source}: corrija lá e envie de novo. Uma alteração feita aqui é substituída pela próxima sincronização de {source}.',
  },
} as const satisfies Table;

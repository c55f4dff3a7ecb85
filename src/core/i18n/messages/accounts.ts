// What the API and the panel answer about a dealership's people and connections (D18, D20, D27,
// D31): users and their invitations, leads, API keys, webhooks.
import type { Table } from '../entry.js';

export const ACCOUNTS = {
  user_name_control: {
    p: ['char'],
    en: 'name must not contain control characters (it holds {char})',
    es: 'Nombre: tiene un carácter de control no permitido ({char})',
    pt: 'Nome: tem um caractere de controle não permitido ({char})',
  },
  user_name_too_long: {
    p: ['max'],
    en: 'name must be at most {max} characters',
    es: 'Nombre: puede tener como máximo {max} caracteres',
    pt: 'Nome: pode ter no máximo {max} caracteres',
  },
  email_invalid: {
    p: ['email'],
    en: '"{email}" is not an e-mail address',
    es: '«{email}» no es una dirección de correo electrónico',
    pt: '“{email}” não é um endereço de e-mail',
  },
  role_invalid: {
    en: 'role must be owner or staff',
    es: 'El rol tiene que ser owner (dueño) o staff (equipo)',
    pt: 'O papel precisa ser owner (dono) ou staff (equipe)',
  },
  email_taken: {
    p: ['email', 'elsewhere'],
    en: '{email} already has an account{elsewhere, select, yes { with another dealership} other {}}',
    es: '{email} ya tiene una cuenta{elsewhere, select, yes { en otra concesionaria} other {}}',
    pt: '{email} já tem uma conta{elsewhere, select, yes { em outra revenda} other {}}',
  },
  user_not_found: {
    en: 'No such user in this dealership.',
    es: 'No existe ese usuario en esta concesionaria.',
    pt: 'Não existe esse usuário nesta revenda.',
  },
  last_owner: {
    en: 'A dealership keeps at least one owner: make someone else an owner first.',
    es: 'Una concesionaria tiene que conservar al menos un dueño: antes hay que hacer dueño a otra persona.',
    pt: 'Uma revenda precisa manter ao menos um dono: antes é preciso tornar outra pessoa dona.',
  },
  car_gone: {
    en: 'This car is no longer for sale; the message was not sent.',
    es: 'Este auto ya no está a la venta; el mensaje no se envió.',
    pt: 'Este carro não está mais à venda; a mensagem não foi enviada.',
  },
  listing_not_found: { en: 'No such listing.', es: 'No existe ese aviso.', pt: 'Não existe esse anúncio.' },
  lead_not_found: {
    en: 'No such lead in this dealership.',
    es: 'No existe esa consulta en esta concesionaria.',
    pt: 'Não existe esse contato nesta revenda.',
  },
  since_invalid: {
    en: 'since must be a date-time such as 2026-11-21T10:00:00Z.',
    es: 'since tiene que ser una fecha y hora como 2026-11-21T10:00:00Z.',
    pt: 'since precisa ser uma data e hora como 2026-11-21T10:00:00Z.',
  },
  stage_invalid: {
    p: ['stages'],
    en: 'stage must be one of {stages}.',
    es: 'stage tiene que ser uno de estos valores: {stages}.',
    pt: 'stage precisa ser um destes valores: {stages}.',
  },
  reply_length: {
    p: ['max'],
    en: 'The reply must be 1 to {max} characters of text.',
    es: 'La respuesta tiene que tener de 1 a {max, number} caracteres de texto.',
    pt: 'A resposta precisa ter de 1 a {max, number} caracteres de texto.',
  },
  key_name_length: {
    p: ['max'],
    en: 'key name must be 1 to {max} characters',
    es: 'El nombre de la clave tiene que tener de 1 a {max} caracteres',
    pt: 'O nome da chave precisa ter de 1 a {max} caracteres',
  },
  key_not_found: {
    p: ['id'],
    en: 'no live key with id {id}',
    es: 'No hay ninguna clave vigente con el id {id}',
    pt: 'Não há nenhuma chave vigente com o id {id}',
  },
  webhook_not_found: { en: 'No such webhook.', es: 'No existe ese webhook.', pt: 'Não existe esse webhook.' },
  delivery_not_found: {
    en: 'No such delivery for this webhook.',
    es: 'No existe ese envío para este webhook.',
    pt: 'Não existe essa entrega para este webhook.',
  },
} as const satisfies Table;

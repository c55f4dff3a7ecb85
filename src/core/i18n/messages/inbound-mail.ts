// The answers of POST /inbound/mail (D40, P205): the raw e-mail a mail provider's inbound hook
// or the operator's relay hands over. Codes of the catalogue (D31), as every ApiError's.
import type { Table } from '../entry.js';

export const INBOUND_MAIL = {
  inbound_unauthorized: {
    en: 'This needs Authorization: Bearer with the inbound mail secret (INBOUND_MAIL_SECRET) of this service.',
    es: 'Hace falta Authorization: Bearer con el secreto de correo entrante (INBOUND_MAIL_SECRET) de este servicio.',
    pt: 'É preciso Authorization: Bearer com o segredo de e-mail recebido (INBOUND_MAIL_SECRET) deste serviço.',
  },
  inbound_no_address: {
    en: 'None of the recipients of this message is a reply address of a lead.',
    es: 'Ningún destinatario de este mensaje es la dirección de respuesta de una consulta.',
    pt: 'Nenhum destinatário desta mensagem é o endereço de resposta de um contato.',
  },
  inbound_unreadable: {
    en: 'The body is not an e-mail message this service can read (send the raw message, Content-Type: message/rfc822).',
    es: 'El cuerpo no es un mensaje de correo que este servicio pueda leer (enviá el mensaje tal cual, Content-Type: message/rfc822).',
    pt: 'O corpo não é uma mensagem de e-mail que este serviço consiga ler (envie a mensagem bruta, Content-Type: message/rfc822).',
  },
} as const satisfies Table;

// The words of the leads' mails (D28, D29, D40, P204): the notice to the dealership's users (the
// panel's register: "usted"), and the mails to a buyer — a salesperson's reply and the
// confirmation of an inquiry — in the public pages' register (es: "vos", as the car's page
// speaks). leads/mails.ts reads them as textsOf('leadMail.'); the thank-you page's words about
// that confirmation are under public.thanksMail (listings/page.ts reads textsOf('public.')).
import type { Table } from '../entry.js';

export const LEAD_MAILS = {
  // The notice to the dealership's users.
  'leadMail.newLeadSubject': {
    p: ['car', 'stock'],
    en: 'New enquiry about {car} ({stock})',
    es: 'Nueva consulta por {car} ({stock})',
    pt: 'Novo contato sobre {car} ({stock})',
  },
  'leadMail.newMessageSubject': {
    p: ['car', 'stock'],
    en: 'New message about {car} ({stock})',
    es: 'Nuevo mensaje sobre {car} ({stock})',
    pt: 'Nova mensagem sobre {car} ({stock})',
  },
  'leadMail.newLeadIntro': {
    p: ['dealer'],
    en: 'A buyer wrote to {dealer} about this car:',
    es: 'Un comprador le escribió a {dealer} por este auto:',
    pt: 'Um comprador escreveu para {dealer} sobre este carro:',
  },
  'leadMail.newMessageIntro': {
    p: ['dealer'],
    en: 'A buyer wrote to {dealer} again about this car:',
    es: 'Un comprador volvió a escribirle a {dealer} por este auto:',
    pt: 'Um comprador escreveu de novo para {dealer} sobre este carro:',
  },
  'leadMail.newMailIntro': {
    p: ['dealer'],
    en: 'A buyer answered {dealer} by e-mail about this car:',
    es: 'Un comprador le respondió por correo a {dealer} sobre este auto:',
    pt: 'Um comprador respondeu por e-mail para {dealer} sobre este carro:',
  },
  'leadMail.open': { en: 'Open the conversation', es: 'Abrir la conversación', pt: 'Abrir a conversa' },
  'leadMail.contactNote': {
    en: 'The buyer’s name, e-mail and phone are in the conversation.',
    es: 'El nombre, el correo y el teléfono del comprador están en la conversación.',
    pt: 'O nome, o e-mail e o telefone do comprador estão na conversa.',
  },
  'leadMail.optOut': {
    en: 'You get these notices because they are on for your user; you can turn them off in the panel’s Leads page.',
    es: 'Recibe estos avisos porque están activados para su usuario; puede desactivarlos en la página Consultas del panel.',
    pt: 'Você recebe estes avisos porque estão ativados para o seu usuário; é possível desativá-los na página Contatos do painel.',
  },
  // A buyer's e-mail whose attachments were left out (D40): said in the conversation, in the dealership's words.
  'leadMail.attachmentsLeftOut': {
    p: ['n'],
    en: '{n, plural, one {(The buyer attached a file to this e-mail; attachments are not kept.)} other {(The buyer attached # files to this e-mail; attachments are not kept.)}}',
    es: '{n, plural, one {(El comprador adjuntó un archivo a este correo; los adjuntos no se guardan.)} other {(El comprador adjuntó # archivos a este correo; los adjuntos no se guardan.)}}',
    pt: '{n, plural, one {(O comprador anexou um arquivo a este e-mail; os anexos não são guardados.)} other {(O comprador anexou # arquivos a este e-mail; os anexos não são guardados.)}}',
  },
  // A salesperson's reply to the buyer, and its footer (issue 37 §6: the pages' register, signed by the salesperson).
  'leadMail.replySubject': { p: ['dealer', 'car'], en: '{dealer} – {car}', es: '{dealer} – {car}', pt: '{dealer} – {car}' },
  'leadMail.replyAbout': { en: 'About the car', es: 'Sobre el auto', pt: 'Sobre o carro' },
  'leadMail.replyAnswer': {
    p: ['dealer'],
    en: 'You can reply to this e-mail: your answer reaches {dealer}.',
    es: 'Podés responder este correo: tu respuesta le llega a {dealer}.',
    pt: 'Você pode responder a este e-mail: sua resposta chega a {dealer}.',
  },
  'leadMail.phone': { en: 'Phone', es: 'Teléfono', pt: 'Telefone' },
  'leadMail.whatsapp': { en: 'WhatsApp', es: 'WhatsApp', pt: 'WhatsApp' },
  'leadMail.address': { en: 'Address', es: 'Dirección', pt: 'Endereço' },
  // The confirmation of an inquiry (D40).
  'leadMail.confirmSubject': {
    p: ['dealer', 'car'],
    en: 'Your message to {dealer} about {car}',
    es: 'Tu consulta a {dealer} por {car}',
    pt: 'Sua mensagem para {dealer} sobre {car}',
  },
  'leadMail.confirmHello': { p: ['name'], en: 'Hello {name},', es: '¡Hola, {name}!', pt: 'Olá, {name}!' },
  'leadMail.confirmIntro': {
    p: ['dealer'],
    en: '{dealer} has received your message about this car and will answer you soon.',
    es: '{dealer} recibió tu consulta por este auto y te va a responder pronto.',
    pt: '{dealer} recebeu sua mensagem sobre este carro e vai responder em breve.',
  },
  'leadMail.writeWhatsapp': { en: 'Write on WhatsApp', es: 'Escribir por WhatsApp', pt: 'Escrever pelo WhatsApp' },
  'leadMail.confirmSeeCar': { en: 'See the car', es: 'Ver el auto', pt: 'Ver o carro' },
  'leadMail.confirmYouWrote': { en: 'What you wrote', es: 'Lo que escribiste', pt: 'O que você escreveu' },
  'leadMail.confirmContact': {
    p: ['dealer'],
    en: 'How to reach {dealer}',
    es: 'Cómo contactar a {dealer}',
    pt: 'Como falar com {dealer}',
  },
  'leadMail.confirmAnswers': {
    p: ['dealer'],
    en: 'The answers of {dealer} come to this e-mail address. To add something, just reply to this e-mail: it reaches the dealership.',
    es: 'Las respuestas de {dealer} te llegan a este correo. Si querés agregar algo, respondé este correo: le llega a la concesionaria.',
    pt: 'As respostas de {dealer} chegam neste e-mail. Se quiser acrescentar algo, é só responder a este e-mail: a mensagem chega à concessionária.',
  },
  'leadMail.confirmNotYou': {
    en: 'If you did not write this message, you can ignore this e-mail.',
    es: 'Si no escribiste este mensaje, podés ignorar este correo.',
    pt: 'Se você não escreveu esta mensagem, pode ignorar este e-mail.',
  },
  // The thank-you page (D40): what happens next, by what the buyer gave.
  'public.thanksMail.copySent': {
    p: ['dealer'],
    en: 'We sent you a copy of your message by e-mail, with the phone and WhatsApp of {dealer}. If you do not see it, look in the spam folder.',
    es: 'Te enviamos una copia de tu mensaje por correo, con el teléfono y el WhatsApp de {dealer}. Si no la ves, revisá la carpeta de spam.',
    pt: 'Enviamos uma cópia da sua mensagem por e-mail, com o telefone e o WhatsApp de {dealer}. Se não a encontrar, veja a pasta de spam.',
  },
  'public.thanksMail.answersByMail': {
    en: 'The answers come to your e-mail: reply to them to go on with the conversation.',
    es: 'Las respuestas te llegan por correo: respondelas para seguir la conversación.',
    pt: 'As respostas chegam no seu e-mail: responda a elas para continuar a conversa.',
  },
  'public.thanksMail.byPhone': {
    p: ['dealer'],
    en: '{dealer} will call you or write to you on WhatsApp at the number you gave.',
    es: '{dealer} te va a llamar o escribir por WhatsApp al número que dejaste.',
    pt: '{dealer} vai ligar ou escrever pelo WhatsApp para o número que você informou.',
  },
  'public.thanksMail.keepPhone': {
    en: 'Keep your phone at hand: the call or message may come from a number you do not know.',
    es: 'Tené el teléfono a mano: la llamada o el mensaje pueden llegar desde un número que no conocés.',
    pt: 'Fique com o telefone por perto: a ligação ou a mensagem pode vir de um número que você não conhece.',
  },
} as const satisfies Table;

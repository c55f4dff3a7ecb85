// The words of the panel's phone notifications (issue 37 §5, P215–P219): the card on My account
// (push/pages.ts reads them as textsOf('push.')), the notification itself and the installed app's name.
import type { Table } from '../entry.js';

export const PANEL_PUSH = {
  'push.title': { en: 'Notifications on this device', es: 'Avisos en este dispositivo', pt: 'Notificações neste dispositivo' },
  'push.intro': {
    en: 'Get a notification on this phone or computer each time a buyer writes: the car and the buyer’s first words. Tapping it opens the conversation. Contact details in the message stay hidden, as in the e-mail notices.',
    es: 'Reciba un aviso en este teléfono o computadora cada vez que un comprador escribe: el auto y las primeras palabras del comprador. Al tocarlo se abre la conversación. Los datos de contacto del mensaje quedan ocultos, como en los avisos por correo.',
    pt: 'Receba uma notificação neste celular ou computador sempre que um comprador escrever: o carro e as primeiras palavras do comprador. Ao tocar nela, a conversa se abre. Os dados de contato da mensagem ficam ocultos, como nos avisos por e-mail.',
  },
  'push.turnOn': { en: 'Turn on for this device', es: 'Activar en este dispositivo', pt: 'Ativar neste dispositivo' },
  'push.turnOff': { en: 'Turn off for this device', es: 'Desactivar en este dispositivo', pt: 'Desativar neste dispositivo' },
  'push.stateOn': { en: 'On for this device.', es: 'Activados en este dispositivo.', pt: 'Ativadas neste dispositivo.' },
  'push.stateOff': { en: 'Off for this device.', es: 'Desactivados en este dispositivo.', pt: 'Desativadas neste dispositivo.' },
  'push.blocked': {
    en: 'This browser blocks notifications from the panel: allow them in the site’s settings, then come back to this page.',
    es: 'Este navegador bloquea los avisos del panel: permítalos en la configuración del sitio y vuelva a esta página.',
    pt: 'Este navegador bloqueia as notificações do painel: permita-as nas configurações do site e volte a esta página.',
  },
  'push.unsupported': {
    en: 'This browser cannot show notifications from the panel. On an iPhone, first add the panel to the home screen (Share → Add to Home Screen) and open it from there.',
    es: 'Este navegador no puede mostrar avisos del panel. En un iPhone, primero agregue el panel a la pantalla de inicio (Compartir → Agregar a inicio) y ábralo desde allí.',
    pt: 'Este navegador não consegue mostrar notificações do painel. No iPhone, primeiro adicione o painel à tela de início (Compartilhar → Adicionar à Tela de Início) e abra-o por lá.',
  },
  'push.failed': {
    en: 'The notifications could not be turned on. Try again in a moment.',
    es: 'No se pudieron activar los avisos. Vuelva a intentarlo en un momento.',
    pt: 'Não foi possível ativar as notificações. Tente de novo em instantes.',
  },
  'push.needsScript': {
    en: 'Turning notifications on needs JavaScript.',
    es: 'Para activar los avisos hace falta JavaScript.',
    pt: 'Para ativar as notificações é preciso JavaScript.',
  },
  'push.devices': {
    p: ['n'],
    en: '{n, plural, =0 {No device of yours has them on.} one {# device of yours has them on.} other {# devices of yours have them on.}}',
    es: '{n, plural, =0 {Ningún dispositivo suyo los tiene activados.} one {# dispositivo suyo los tiene activados.} other {# dispositivos suyos los tienen activados.}}',
    pt: '{n, plural, =0 {Nenhum dispositivo seu está com elas ativadas.} one {# dispositivo seu está com elas ativadas.} other {# dispositivos seus estão com elas ativadas.}}',
  },
  'push.done.on': {
    en: 'Notifications are on for this device.',
    es: 'Avisos activados en este dispositivo.',
    pt: 'Notificações ativadas neste dispositivo.',
  },
  'push.done.off': {
    en: 'Notifications are off for this device.',
    es: 'Avisos desactivados en este dispositivo.',
    pt: 'Notificações desativadas neste dispositivo.',
  },
  'push.notice.title': { p: ['car'], en: 'New message: {car}', es: 'Nuevo mensaje: {car}', pt: 'Nova mensagem: {car}' },
  'push.notice.noText': {
    en: 'Open the conversation to read it.',
    es: 'Abra la conversación para leerlo.',
    pt: 'Abra a conversa para ler.',
  },
  'push.app.shortName': { en: 'Panel', es: 'Panel', pt: 'Painel' },
} as const satisfies Table;

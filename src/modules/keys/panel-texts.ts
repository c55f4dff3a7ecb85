// The words of the panel's API keys pages, in the three languages.
import type { Lang } from '../../core/web/context.js';

const en = {
  title: 'API keys',
  intro:
    'A key lets a program (your website, a plugin, an integrator) read and change this dealership’s cars through the API. Give each program its own key, so you can revoke one without stopping the others.',
  name: 'Name',
  prefix: 'Starts with',
  created: 'Created',
  lastUsed: 'Last used',
  state: 'State',
  never: 'Never',
  live: 'Active',
  revoked: 'Revoked',
  noKeys: 'This dealership has no active key.',
  revokedKeys: (n: number) => `Revoked keys (${n})`,
  newKey: 'New key',
  nameHelp: 'Something that tells you where it is used, for example “website” or “WooCommerce”.',
  create: 'Create key',
  revoke: 'Revoke',
  actions: 'Actions',
  confirmRevoke: (name: string) => `Revoke the key “${name}”? Programs that use it will stop working within a second.`,
  nameInvalid: 'The name must have between 1 and 80 characters.',
  nameControl: 'The name can only hold letters, numbers, spaces and punctuation: no line breaks, invisible text-direction marks or other control characters.',
  createdTitle: 'Your new key',
  createdHelp: (name: string) => `This is the key “${name}”. Paste it in the program that will use it.`,
  notShownAgain: 'It will not be shown again: copy it now. If you lose it, revoke it and create another.',
  backToKeys: 'Back to the keys',
  sandbox: 'Sandbox',
  sandboxKey: 'Sandbox key',
  sandboxHelp:
    'A sandbox key starts with dik_test_ and works on a separate copy of this dealership for testing an integration: its cars are never shown to buyers, and its leads, webhooks and feeds are its own.',
  sandboxTitle: 'Sandbox',
  sandboxIntro: 'Cars, leads, webhooks and feeds made with sandbox keys. Emptying it deletes them all; the sandbox keys keep working.',
  sandboxReset: 'Empty the sandbox',
  confirmSandboxReset: 'Delete every car, lead, webhook and feed of the sandbox? This cannot be undone.',
  done: {
    revoked: 'The key was revoked. Programs that used it can no longer connect.',
    'sandbox-reset': 'The sandbox is empty.',
  } as Record<string, string>,
};

type T = typeof en;

const es: T = {
  title: 'Claves de API',
  intro:
    'Una clave permite que un programa (su sitio web, un plugin, un integrador) lea y modifique los autos de este concesionario a través de la API. Use una clave distinta para cada programa, así puede revocar una sin detener las demás.',
  name: 'Nombre',
  prefix: 'Empieza con',
  created: 'Creada',
  lastUsed: 'Último uso',
  state: 'Estado',
  never: 'Nunca',
  live: 'Activa',
  revoked: 'Revocada',
  noKeys: 'Este concesionario no tiene ninguna clave activa.',
  revokedKeys: (n) => `Claves revocadas (${n})`,
  newKey: 'Nueva clave',
  nameHelp: 'Algo que le recuerde dónde se usa, por ejemplo “sitio web” o “WooCommerce”.',
  create: 'Crear clave',
  revoke: 'Revocar',
  actions: 'Acciones',
  confirmRevoke: (name) => `¿Revocar la clave “${name}”? Los programas que la usan dejarán de funcionar en un segundo.`,
  nameInvalid: 'El nombre debe tener entre 1 y 80 caracteres.',
  nameControl:
    'El nombre solo puede tener letras, números, espacios y signos: sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control.',
  createdTitle: 'Su nueva clave',
  createdHelp: (name) => `Esta es la clave “${name}”. Péguela en el programa que la va a usar.`,
  notShownAgain: 'No se volverá a mostrar: cópiela ahora. Si la pierde, revóquela y cree otra.',
  backToKeys: 'Volver a las claves',
  sandbox: 'Sandbox',
  sandboxKey: 'Clave de sandbox',
  sandboxHelp:
    'Una clave de sandbox empieza con dik_test_ y trabaja sobre una copia aparte de este concesionario para probar una integración: sus autos nunca se muestran a los compradores, y sus consultas, webhooks y feeds son propios.',
  sandboxTitle: 'Sandbox',
  sandboxIntro: 'Autos, consultas, webhooks y feeds creados con claves de sandbox. Vaciarlo los elimina todos; las claves de sandbox siguen funcionando.',
  sandboxReset: 'Vaciar el sandbox',
  confirmSandboxReset: '¿Eliminar todos los autos, consultas, webhooks y feeds del sandbox? No se puede deshacer.',
  done: { revoked: 'La clave fue revocada. Los programas que la usaban ya no pueden conectarse.', 'sandbox-reset': 'El sandbox quedó vacío.' },
};

const pt: T = {
  title: 'Chaves de API',
  intro:
    'Uma chave permite que um programa (seu site, um plugin, um integrador) leia e altere os carros desta concessionária pela API. Use uma chave para cada programa, assim você pode revogar uma sem parar as outras.',
  name: 'Nome',
  prefix: 'Começa com',
  created: 'Criada',
  lastUsed: 'Último uso',
  state: 'Situação',
  never: 'Nunca',
  live: 'Ativa',
  revoked: 'Revogada',
  noKeys: 'Esta concessionária não tem nenhuma chave ativa.',
  revokedKeys: (n) => `Chaves revogadas (${n})`,
  newKey: 'Nova chave',
  nameHelp: 'Algo que lembre onde ela é usada, por exemplo “site” ou “WooCommerce”.',
  create: 'Criar chave',
  revoke: 'Revogar',
  actions: 'Ações',
  confirmRevoke: (name) => `Revogar a chave “${name}”? Os programas que a usam vão parar de funcionar em um segundo.`,
  nameInvalid: 'O nome deve ter entre 1 e 80 caracteres.',
  nameControl:
    'O nome só pode ter letras, números, espaços e sinais: sem quebras de linha, marcas invisíveis de direção do texto nem outros caracteres de controle.',
  createdTitle: 'Sua nova chave',
  createdHelp: (name) => `Esta é a chave “${name}”. Cole-a no programa que vai usá-la.`,
  notShownAgain: 'Ela não será mostrada de novo: copie agora. Se perdê-la, revogue-a e crie outra.',
  backToKeys: 'Voltar às chaves',
  sandbox: 'Sandbox',
  sandboxKey: 'Chave de sandbox',
  sandboxHelp:
    'Uma chave de sandbox começa com dik_test_ e trabalha sobre uma cópia separada desta concessionária para testar uma integração: seus carros nunca aparecem para os compradores, e seus leads, webhooks e feeds são próprios.',
  sandboxTitle: 'Sandbox',
  sandboxIntro: 'Carros, leads, webhooks e feeds criados com chaves de sandbox. Esvaziá-lo apaga todos; as chaves de sandbox continuam funcionando.',
  sandboxReset: 'Esvaziar o sandbox',
  confirmSandboxReset: 'Apagar todos os carros, leads, webhooks e feeds do sandbox? Não é possível desfazer.',
  done: { revoked: 'A chave foi revogada. Os programas que a usavam não conseguem mais se conectar.', 'sandbox-reset': 'O sandbox está vazio.' },
};

export const KEY_TEXTS: Record<Lang, T> = { en, es, pt };

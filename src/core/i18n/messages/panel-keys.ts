// The words of the panel's API keys pages (D31, P179): keys/pages.ts reads them as textsOf('keys.').
import type { Table } from '../entry.js';

export const PANEL_KEYS = {
  'keys.title': { en: 'API keys', es: 'Claves de API', pt: 'Chaves de API' },
  'keys.intro': {
    en: 'A key lets a program (your website, a plugin, an integrator) read and change this dealership’s cars through the API. Give each program its own key, so you can revoke one without stopping the others.',
    es: 'Una clave permite que un programa (su sitio web, un plugin, un integrador) lea y modifique los autos de este concesionario a través de la API. Use una clave distinta para cada programa, así puede revocar una sin detener las demás.',
    pt: 'Uma chave permite que um programa (seu site, um plugin, um integrador) leia e altere os carros desta concessionária pela API. Use uma chave para cada programa, assim você pode revogar uma sem parar as outras.',
  },
  'keys.name': { en: 'Name', es: 'Nombre', pt: 'Nome' },
  'keys.prefix': { en: 'Starts with', es: 'Empieza con', pt: 'Começa com' },
  'keys.created': { en: 'Created', es: 'Creada', pt: 'Criada' },
  'keys.lastUsed': { en: 'Last used', es: 'Último uso', pt: 'Último uso' },
  'keys.state': { en: 'State', es: 'Estado', pt: 'Situação' },
  'keys.never': { en: 'Never', es: 'Nunca', pt: 'Nunca' },
  'keys.live': { en: 'Active', es: 'Activa', pt: 'Ativa' },
  'keys.revoked': { en: 'Revoked', es: 'Revocada', pt: 'Revogada' },
  'keys.noKeys': {
    en: 'This dealership has no active key.',
    es: 'Este concesionario no tiene ninguna clave activa.',
    pt: 'Esta concessionária não tem nenhuma chave ativa.',
  },
  'keys.revokedKeys': { p: ['n'], en: 'Revoked keys ({n})', es: 'Claves revocadas ({n})', pt: 'Chaves revogadas ({n})' },
  'keys.newKey': { en: 'New key', es: 'Nueva clave', pt: 'Nova chave' },
  'keys.nameHelp': {
    en: 'Something that tells you where it is used, for example “website” or “WooCommerce”.',
    es: 'Algo que le recuerde dónde se usa, por ejemplo “sitio web” o “WooCommerce”.',
    pt: 'Algo que lembre onde ela é usada, por exemplo “site” ou “WooCommerce”.',
  },
  'keys.create': { en: 'Create key', es: 'Crear clave', pt: 'Criar chave' },
  'keys.revoke': { en: 'Revoke', es: 'Revocar', pt: 'Revogar' },
  'keys.actions': { en: 'Actions', es: 'Acciones', pt: 'Ações' },
  'keys.confirmRevoke': {
    p: ['name'],
    en: 'Revoke the key “{name}”? Programs that use it will stop working within a second.',
    es: '¿Revocar la clave “{name}”? Los programas que la usan dejarán de funcionar en un segundo.',
    pt: 'Revogar a chave “{name}”? Os programas que a usam vão parar de funcionar em um segundo.',
  },
  'keys.nameInvalid': {
    en: 'The name must have between 1 and 80 characters.',
    es: 'El nombre debe tener entre 1 y 80 caracteres.',
    pt: 'O nome deve ter entre 1 e 80 caracteres.',
  },
  'keys.nameControl': {
    en: 'The name can only hold letters, numbers, spaces and punctuation: no line breaks, invisible text-direction marks or other control characters.',
    es: 'El nombre solo puede tener letras, números, espacios y signos: sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control.',
    pt: 'O nome só pode ter letras, números, espaços e sinais: sem quebras de linha, marcas invisíveis de direção do texto nem outros caracteres de controle.',
  },
  'keys.createdTitle': { en: 'Your new key', es: 'Su nueva clave', pt: 'Sua nova chave' },
  'keys.createdHelp': {
    p: ['name'],
    en: 'This is the key “{name}”. Paste it in the program that will use it.',
    es: 'Esta es la clave “{name}”. Péguela en el programa que la va a usar.',
    pt: 'Esta é a chave “{name}”. Cole-a no programa que vai usá-la.',
  },
  'keys.notShownAgain': {
    en: 'It will not be shown again: copy it now. If you lose it, revoke it and create another.',
    es: 'No se volverá a mostrar: cópiela ahora. Si la pierde, revóquela y cree otra.',
    pt: 'Ela não será mostrada de novo: copie agora. Se perdê-la, revogue-a e crie outra.',
  },
  'keys.backToKeys': { en: 'Back to the keys', es: 'Volver a las claves', pt: 'Voltar às chaves' },
  'keys.sandbox': { en: 'Sandbox', es: 'Sandbox', pt: 'Sandbox' },
  'keys.sandboxKey': { en: 'Sandbox key', es: 'Clave de sandbox', pt: 'Chave de sandbox' },
  'keys.sandboxHelp': {
    en: 'A sandbox key starts with dik_test_ and works on a separate copy of this dealership for testing an integration: its cars are never shown to buyers, and its leads, webhooks and feeds are its own.',
    es: 'Una clave de sandbox empieza con dik_test_ y trabaja sobre una copia aparte de este concesionario para probar una integración: sus autos nunca se muestran a los compradores, y sus consultas, webhooks y feeds son propios.',
    pt: 'Uma chave de sandbox começa com dik_test_ e trabalha sobre uma cópia separada desta concessionária para testar uma integração: seus carros nunca aparecem para os compradores, e seus leads, webhooks e feeds são próprios.',
  },
  'keys.sandboxTitle': { en: 'Sandbox', es: 'Sandbox', pt: 'Sandbox' },
  'keys.sandboxIntro': {
    en: 'Cars, leads, webhooks and feeds made with sandbox keys. Emptying it deletes them all; the sandbox keys keep working.',
    es: 'Autos, consultas, webhooks y feeds creados con claves de sandbox. Vaciarlo los elimina todos; las claves de sandbox siguen funcionando.',
    pt: 'Carros, leads, webhooks e feeds criados com chaves de sandbox. Esvaziá-lo apaga todos; as chaves de sandbox continuam funcionando.',
  },
  'keys.sandboxReset': { en: 'Empty the sandbox', es: 'Vaciar el sandbox', pt: 'Esvaziar o sandbox' },
  'keys.confirmSandboxReset': {
    en: 'Delete every car, lead, webhook and feed of the sandbox? This cannot be undone.',
    es: '¿Eliminar todos los autos, consultas, webhooks y feeds del sandbox? No se puede deshacer.',
    pt: 'Apagar todos os carros, leads, webhooks e feeds do sandbox? Não é possível desfazer.',
  },
  'keys.done.revoked': {
    en: 'The key was revoked. Programs that used it can no longer connect.',
    es: 'La clave fue revocada. Los programas que la usaban ya no pueden conectarse.',
    pt: 'A chave foi revogada. Os programas que a usavam não conseguem mais se conectar.',
  },
  'keys.done.sandbox-reset': { en: 'The sandbox is empty.', es: 'El sandbox quedó vacío.', pt: 'O sandbox está vazio.' },
} as const satisfies Table;

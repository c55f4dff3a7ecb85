// The panel frame's words (navigation, error pages, shared buttons) in the three languages.
// English defines the keys; Spanish and Portuguese must have every one (the type checks it).
import type { Lang } from './context.js';
import type { PageErrorKind } from './errors.js';

const en = {
  product: 'Dealer panel',
  nav: {
    overview: 'Overview',
    inventory: 'Inventory',
    leads: 'Leads',
    stats: 'Statistics',
    keys: 'API keys',
    feeds: 'Feeds',
    webhooks: 'Webhooks',
    users: 'Users',
    profile: 'Dealership',
    account: 'My account',
  },
  signOut: 'Sign out',
  menu: 'Menu',
  /** Read after the navigation's count of unread conversations (P101). */
  unreadNav: 'unread',
  copy: 'Copy',
  copied: 'Copied',
  shownOnce: 'Copy it now: it will not be shown again.',
  back: 'Back',
  previous: 'Previous',
  next: 'Next',
  save: 'Save',
  cancel: 'Cancel',
  none: 'None yet.',
  errors: {
    not_found: ['Not found', 'This page does not exist, or it belongs to another dealership.'],
    owners_only: ['Owners only', 'Only the dealership’s owners can see this page. Ask an owner if you need access.'],
    signed_out: ['Please sign in', 'Your session has ended. Sign in again to continue.'],
    csrf: ['This form has expired', 'For your security the form could not be accepted. Go back, reload the page and try again.'],
    too_large: ['Too much text', 'What you sent is larger than this form accepts. Shorten it and try again.'],
    bad_request: ['Something is not right', 'The form could not be read. Go back and try again.'],
    bad_address: ['This address is not right', 'The page’s address has been changed or copied incompletely. Open the page again from the panel’s menu.'],
    rate_limited: ['Too many attempts', 'Wait a few minutes and try again.'],
    link_invalid: ['This link no longer works', 'It has expired or has already been used. Ask for a new one.'],
    server_error: ['Something went wrong', 'The page could not be shown. Try again in a moment.'],
  } satisfies Record<PageErrorKind, [string, string]>,
  goHome: 'Go to the overview',
  goSignIn: 'Go to sign in',
  askNewLink: 'Ask for a new link',
};

export type FrameTexts = typeof en;

const es: FrameTexts = {
  product: 'Panel del concesionario',
  nav: {
    overview: 'Resumen',
    inventory: 'Inventario',
    leads: 'Consultas',
    stats: 'Estadísticas',
    keys: 'Claves de API',
    feeds: 'Feeds',
    webhooks: 'Webhooks',
    users: 'Usuarios',
    profile: 'Concesionaria',
    account: 'Mi cuenta',
  },
  signOut: 'Cerrar sesión',
  menu: 'Menú',
  unreadNav: 'sin leer',
  copy: 'Copiar',
  copied: 'Copiado',
  shownOnce: 'Cópiela ahora: no se volverá a mostrar.',
  back: 'Volver',
  previous: 'Anterior',
  next: 'Siguiente',
  save: 'Guardar',
  cancel: 'Cancelar',
  none: 'Todavía no hay nada.',
  errors: {
    not_found: ['No encontrado', 'Esta página no existe o pertenece a otro concesionario.'],
    owners_only: ['Solo para titulares', 'Solo los titulares del concesionario pueden ver esta página. Pídale acceso a un titular.'],
    signed_out: ['Inicie sesión', 'Su sesión terminó. Vuelva a iniciar sesión para continuar.'],
    csrf: ['El formulario venció', 'Por su seguridad no pudimos aceptar el formulario. Vuelva atrás, recargue la página e intente de nuevo.'],
    too_large: ['Demasiado texto', 'Lo que envió supera lo que acepta este formulario. Acórtelo e intente de nuevo.'],
    bad_request: ['Algo no está bien', 'No pudimos leer el formulario. Vuelva atrás e intente de nuevo.'],
    bad_address: [
      'La dirección no es correcta',
      'La dirección de la página fue modificada o se copió incompleta. Vuelva a abrir la página desde el menú del panel.',
    ],
    rate_limited: ['Demasiados intentos', 'Espere unos minutos e intente de nuevo.'],
    link_invalid: ['Este enlace ya no funciona', 'Venció o ya fue usado. Pida uno nuevo.'],
    server_error: ['Algo salió mal', 'No pudimos mostrar la página. Intente de nuevo en un momento.'],
  },
  goHome: 'Ir al resumen',
  goSignIn: 'Ir a iniciar sesión',
  askNewLink: 'Pedir un enlace nuevo',
};

const pt: FrameTexts = {
  product: 'Painel da concessionária',
  nav: {
    overview: 'Resumo',
    inventory: 'Estoque',
    leads: 'Contatos',
    stats: 'Estatísticas',
    keys: 'Chaves de API',
    feeds: 'Feeds',
    webhooks: 'Webhooks',
    users: 'Usuários',
    profile: 'Concessionária',
    account: 'Minha conta',
  },
  signOut: 'Sair',
  menu: 'Menu',
  unreadNav: 'não lidos',
  copy: 'Copiar',
  copied: 'Copiado',
  shownOnce: 'Copie agora: não será mostrado de novo.',
  back: 'Voltar',
  previous: 'Anterior',
  next: 'Próxima',
  save: 'Salvar',
  cancel: 'Cancelar',
  none: 'Nada ainda.',
  errors: {
    not_found: ['Não encontrado', 'Esta página não existe ou pertence a outra concessionária.'],
    owners_only: ['Somente titulares', 'Somente os titulares da concessionária podem ver esta página. Peça acesso a um titular.'],
    signed_out: ['Entre novamente', 'Sua sessão terminou. Entre de novo para continuar.'],
    csrf: ['O formulário expirou', 'Por segurança o formulário não foi aceito. Volte, recarregue a página e tente de novo.'],
    too_large: ['Texto demais', 'O que você enviou é maior do que este formulário aceita. Encurte e tente de novo.'],
    bad_request: ['Algo não está certo', 'Não foi possível ler o formulário. Volte e tente de novo.'],
    bad_address: ['O endereço não está correto', 'O endereço da página foi alterado ou copiado pela metade. Abra a página de novo pelo menu do painel.'],
    rate_limited: ['Tentativas demais', 'Aguarde alguns minutos e tente de novo.'],
    link_invalid: ['Este link não funciona mais', 'Ele expirou ou já foi usado. Peça um novo.'],
    server_error: ['Algo deu errado', 'Não foi possível mostrar a página. Tente de novo em instantes.'],
  },
  goHome: 'Ir para o resumo',
  goSignIn: 'Ir para a entrada',
  askNewLink: 'Pedir um novo link',
};

export const FRAME_TEXTS: Record<Lang, FrameTexts> = { en, es, pt };

/** Picks es, pt or en from an Accept-Language header (before sign-in); Spanish by default. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'es';
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d+)?)\s*$/.exec(p)).find(Boolean);
      return { lang: (tag ?? '').slice(0, 2), q: q ? Number(q[1]) : 1 };
    })
    .filter((p) => p.lang === 'es' || p.lang === 'pt' || p.lang === 'en')
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.lang as Lang | undefined) ?? 'es';
}

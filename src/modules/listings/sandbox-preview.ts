// A sandbox car's page (D35, P124): 404 to everyone but the signed-in people of the live
// dealership, who see the page as buyers would, under a banner saying it is the sandbox's.
// Never cached by anyone, never indexed, never counted as a view.
import type { Lang } from '../../core/i18n/index.js';
import { localeOf } from './locale.js';

const BANNER: Record<Lang, string> = {
  en: 'Sandbox: this car is only a test of your integration. Only you and your team see this page; buyers get “page not found”.',
  es: 'Sandbox: este auto es solo una prueba de su integración. Solo usted y su equipo ven esta página; los compradores ven «página no encontrada».',
  pt: 'Sandbox: este carro é só um teste da sua integração. Só você e sua equipe veem esta página; os compradores veem “página não encontrada”.',
};

/** The page's markup with the sandbox banner first in its body. */
export function withSandboxBanner(page: string, market: string): string {
  const text = BANNER[localeOf(market).lang];
  const banner = `<div role="status" class="sandbox-banner" style="background:#fff3cd;color:#5c4400;border-bottom:2px solid #e0b000;padding:.75rem 1rem;font-weight:600">${text}</div>`;
  return page.replace(/<body([^>]*)>/, (m) => `${m}\n${banner}`);
}

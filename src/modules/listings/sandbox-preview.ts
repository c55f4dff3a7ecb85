// A sandbox car's page (D35, P124): 404 to everyone but the signed-in people of the live
// dealership, who see the page as buyers would, under a banner saying it is the sandbox's.
// Never cached by anyone, never indexed, never counted as a view.
import { localeOf } from './locale.js';

/** The page's markup with the sandbox banner first in its body. */
export function withSandboxBanner(page: string, market: string): string {
  const text = localeOf(market).t.sandboxBanner;
  const banner = `<div role="status" class="sandbox-banner" style="background:#fff3cd;color:#5c4400;border-bottom:2px solid #e0b000;padding:.75rem 1rem;font-weight:600">${text}</div>`;
  return page.replace(/<body([^>]*)>/, (m) => `${m}\n${banner}`);
}

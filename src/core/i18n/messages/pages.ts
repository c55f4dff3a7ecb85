// The tables of the words the panel, the public pages and the mails show (D31, P179), one per
// page or mail, gathered here for catalogue.ts. A page reads its table with textsOf (texts.ts).
import { PANEL_FRAME } from './panel-frame.js';

export const PAGE_TABLES = [PANEL_FRAME] as const;

export const PAGE_WORDS = { ...PANEL_FRAME } as const;

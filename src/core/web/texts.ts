// The panel frame's words (navigation, error pages, shared buttons): the catalogue's `frame.`
// codes (core/i18n/messages/panel-frame.ts, P179).
import { textsOf, type Texts } from '../i18n/texts.js';

export const FRAME_TEXTS = textsOf('frame.');
export type FrameTexts = Texts<'frame.'>;

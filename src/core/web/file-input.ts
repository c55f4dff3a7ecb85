// A file field every panel page draws the same way (P137): Chromium's own control says "Choose
// Files / No file chosen" in English whatever the page's language, so the input is visually
// hidden (still focusable, still the form's field: the label opens the picker without any
// script) and a <label> styled as a button, in the page's language, stands over it. A line under
// it names the file chosen or counts them; the panel's script fills it (without scripts the line
// stays hidden and the form works the same).
import type { Lang } from './context.js';
import { html, type Html } from './html.js';
import { FRAME_TEXTS } from './texts.js';

export interface FileInputOptions {
  id: string;
  name: string;
  lang: Lang;
  /** The button's words ("Agregar fotos"): the input's accessible name. */
  label: string;
  accept?: string;
  multiple?: boolean;
  required?: boolean;
  /** Phones: open the camera (capture="environment"). */
  camera?: boolean;
  /** The ids of the help (and error) lines the input is described by. */
  describedBy?: string;
  /** The form came back with this field refused (aria-invalid). */
  invalid?: boolean;
  /** The first field refused: it takes the focus. */
  autofocus?: boolean;
}

export function fileInput(o: FileInputOptions): Html {
  const t = FRAME_TEXTS[o.lang].file;
  const chosen = `${o.id}-chosen`;
  return html`<div class="file-pick"><input id="${o.id}" class="file-input" name="${o.name}" type="file"${o.accept ? html` accept="${o.accept}"` : ''}${
    o.camera ? html` capture="environment"` : ''
  }${o.multiple ? html` multiple` : ''}${o.required ? html` required` : ''}${o.invalid ? html` aria-invalid="true"` : ''}${o.autofocus ? html` autofocus` : ''} aria-describedby="${o.describedBy ? `${o.describedBy} ` : ''}${chosen}"><label for="${o.id}" class="button secondary">${o.label}</label>
<span id="${chosen}" class="muted file-chosen" data-none="${t.none}" data-many="${t.many('{n}')}" aria-live="polite" hidden>${t.none}</span></div>`;
}

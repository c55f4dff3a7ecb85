// The catalogue of words (D31): what a module imports to give or show a text.
export { CATALOGUE, msg, type MessageCode, type Msg, type ParamsOf } from './catalogue.js';
export { render, renderAll, renderStored, word } from './render.js';
export { storeText, storedMsg, storedText } from './stored.js';
export { LANGS, LOCALE_OF, localeFor, pickLang, type Lang } from './lang.js';
export { pick, textsOf, type Texts } from './texts.js';

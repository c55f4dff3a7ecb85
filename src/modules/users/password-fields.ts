// The "new password, twice" fields, the same on the invitation, reset and account pages, with
// the limits of password.ts (12 to 200 characters).
import { html, type Html } from '../../core/web/html.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './password.js';

export function newPasswordFields(labels: { newPassword: string; passwordHint: string; repeatPassword: string }, id: string): Html {
  return html`<label for="${id}">${labels.newPassword}</label>
<input id="${id}" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" aria-describedby="${id}-hint">
<p id="${id}-hint" class="muted">${labels.passwordHint}</p>
<label for="${id}2">${labels.repeatPassword}</label>
<input id="${id}2" name="password2" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">`;
}

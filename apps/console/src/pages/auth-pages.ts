// The pages a person sees before signing in: the sign-in form and the welcome (set-password) form.
import { PASSWORD_MAX, PASSWORD_MIN } from '../passwords';
import { html } from '@shop/runtime';
import { notice, renderConsolePage } from './layout';

export function renderSignInPage(shopName: string, csrfToken: string, message: { error?: string; ok?: string } = {}): string {
  return renderConsolePage({
    shopName,
    title: 'Sign in',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
<form method="post" action="/sign-in" class="card"><input type="hidden" name="_csrf" value="${csrfToken}">
<label>E-mail <input type="email" name="email" autocomplete="username" required maxlength="254"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}"></label>
<button type="submit">Sign in</button>
</form>
<p class="hint">No password yet? Use the link an owner gave you. Forgotten it? Ask an owner for a new link.</p>`,
  });
}

export function renderWelcomePage(shopName: string, input: { name: string; email: string; error?: string }): string {
  return renderConsolePage({
    shopName,
    title: 'Set your password',
    main: html`<p>Welcome, ${input.name} (${input.email}). Choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters; this link works once.</p>
${notice('error', input.error)}
<form method="post" class="card">
<input type="hidden" name="email" value="${input.email}" autocomplete="username">
<label>Password <input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"></label>
<label>The same password again <input type="password" name="confirm" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"></label>
<button type="submit">Set password</button>
</form>`,
  });
}

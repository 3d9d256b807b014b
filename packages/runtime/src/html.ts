// HTML built from tagged templates, for the pages of both the REST app and the console: every
// interpolated value is escaped unless it is already SafeHtml, so text from a request can only ever
// land on a page as text.
import escapeHtml from 'escape-html';

export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

/** `html\`<p>${text}</p>\``: strings and numbers are escaped; null, undefined and false render nothing. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += renderValue(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup made by this service's own code (the plate drawing), never text from a request. */
export function trustedMarkup(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function renderValue(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return 'true';
  return escapeHtml(String(value));
}

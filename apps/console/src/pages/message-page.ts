// A page that only says something: an error, a refusal, a link that no longer works.
import { html } from '@shop/runtime';
import { renderConsolePage, type Viewer } from './layout';

export function renderMessagePage(shopName: string, title: string, message: string, viewer: Viewer | null = null): string {
  return renderConsolePage({
    shopName,
    title,
    viewer,
    main: html`<p>${message}</p><p><a href="/">Back to the console</a></p>`,
  });
}

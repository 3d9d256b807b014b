// The page at the service's own address: where a person who opens it in a browser can go.
import { PUBLIC_PATHS } from '@shop/contracts';
import { html } from '@shop/runtime';
import { renderPage } from './layout';

export function renderHomePage(shopName: string): string {
  return renderPage({
    shopName,
    title: 'Instant quotes',
    main: html`<h1>Instant quotes for cut plate</h1>
<p>Firm prices for laser-cut steel, stainless and aluminum plate, with HST on its own line. Nothing is bought or paid on these pages.</p>
<section class="card" aria-label="From a drawing">
<h2>Quote a part from its drawing</h2>
<p>Send a DXF file of one flat part: see what it gives, choose the material, thickness and quantity, and get its price.</p>
<p><a class="button" href="${PUBLIC_PATHS.plateUpload()}">Send a drawing</a></p>
</section>
<section class="card" aria-label="For programs and assistants">
<h2>For programs and AI assistants</h2>
<p>The same quotes through the REST API and the MCP tool server: every route, field and code is in the <a href="${PUBLIC_PATHS.docs()}">API reference</a>.</p>
</section>
<p class="small muted">Got a link from the shop or an assistant (an order page, a quote request)? Open that link: its page is the way to order.</p>`,
  });
}

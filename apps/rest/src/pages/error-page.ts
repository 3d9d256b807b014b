// The pages shown when a link cannot be opened: what happened and what the person can do.
import type { ServiceError } from '@shop/contracts';
import { html } from '@shop/runtime';
import { renderPage } from './layout';

export interface ErrorPageText {
  title: string;
  message: string;
  advice: string;
}

const NEW_LINK = 'Ask the person or assistant who sent it for a new one.';

/** The words for each failure a page can meet; anything else reads as a fault on our side. */
export function describePageError(error: ServiceError): ErrorPageText {
  switch (error.code) {
    case 'handoff_not_found':
      return { title: 'Order link not found', message: 'This order link does not exist or has been removed (links are kept 30 days after their quotes expire).', advice: `Check that the whole link was copied. ${NEW_LINK}` };
    case 'design_not_found':
      return { title: 'Plate not found', message: 'This plate design does not exist or has been removed.', advice: `Open the order page again from its link, or ask for a new quote. ${NEW_LINK}` };
    case 'rfq_link_not_found':
      return { title: 'Quote-request link not found', message: 'This quote-request link does not exist or has been removed.', advice: `Check that the whole link was copied. ${NEW_LINK}` };
    case 'order_request_not_found':
      return { title: 'Order request not found', message: 'No order request has this address.', advice: 'Check that the whole address was copied, or write to the shop quoting your reference.' };
    case 'product_not_found':
    case 'route_not_found':
      return { title: 'Page not found', message: 'There is no page at this address.', advice: 'Check the address, or go back to the page that linked here.' };
    case 'link_expired':
      return error.details?.link === 'order'
        ? { title: 'This order link has expired', message: error.message, advice: 'Ask the person or assistant who sent it for a new quote and a new order link.' }
        : { title: 'This quote-request link has expired', message: error.message, advice: 'Ask the person or assistant who sent it for a new quote-request link.' };
    case 'cross_site_request':
      return { title: 'The form could not be checked', message: error.message, advice: 'Open the page again and send the form from there.' };
    case 'rate_limited':
      return { title: 'Too many requests', message: 'Too many pages were opened from your network in a short time.', advice: `Wait ${error.retryAfterSeconds ?? 60} seconds and try again.` };
    case 'storage_unavailable':
      return { title: 'Try again in a moment', message: 'The quote store cannot be reached just now.', advice: 'Reload the page in a few seconds.' };
    default:
      if (error.status < 500) return { title: 'This request could not be used', message: error.message, advice: 'Go back and try again.' };
      return { title: 'Something went wrong', message: 'Something went wrong on our side; nothing was changed.', advice: 'Reload the page in a moment.' };
  }
}

export function renderErrorPage(shopName: string, status: number, text: ErrorPageText, requestId: string): string {
  return renderPage({
    shopName,
    title: text.title,
    main: html`<section class="card error-page">
<p class="status">Error ${status}</p>
<h1>${text.title}</h1>
<p>${text.message}</p>
<p>${text.advice}</p>
<p class="small muted">Reference for the shop: ${requestId}</p>
</section>`,
  });
}

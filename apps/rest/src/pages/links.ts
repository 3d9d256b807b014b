// Addresses the pages link to. Links to this service's own pages are written as paths so they
// work whatever host name the page was reached by; links to the operator's store stay absolute.
// Their shapes are PUBLIC_PATHS' (@shop/contracts).
import { publicUrls } from '@shop/contracts';

/** `${publicUrl}/products/x` -> `/products/x`; anything elsewhere is left as it is. */
export function toLocalHref(url: string, publicUrl: string): string {
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
}

/** A product page opened at a tier and quantity: `?tier=kit&quantity=2` (the same on the operator's store). */
export function buildProductHref(productUrl: string, publicUrl: string, tier: string, quantity: number): string {
  const query = new URLSearchParams({ tier, quantity: String(quantity) });
  return `${toLocalHref(productUrl, publicUrl)}?${query.toString()}`;
}

export interface CheckoutTarget {
  shopUrl: string;
  publicUrl: string;
}

/** Whether the operator runs a store of their own (SHOP_URL set to somewhere else). */
export function hasExternalShop(target: CheckoutTarget): boolean {
  return target.shopUrl !== target.publicUrl;
}

/**
 * The operator's checkout contract: `GET {SHOP_URL}/cart/add?design_id=&quantity=&price_url=&design_url=`.
 * No amount travels in the link: the store prices the line by fetching `price_url` from this service.
 */
export function buildPlateCheckoutUrl(target: CheckoutTarget, designId: string, quantity: number): string {
  const query = new URLSearchParams({
    design_id: designId,
    quantity: String(quantity),
    price_url: publicUrls(target.publicUrl).platePrice(designId, quantity),
    design_url: publicUrls(target.publicUrl).plateQuoter(designId),
  });
  return `${target.shopUrl}/cart/add?${query.toString()}`;
}

/** The quote request of an imported part (the upload page's way to order while plate orders are paused). */
export const IMPORT_QUOTE_REQUEST_ROUTE = '/plate/new/:import_id/quote-request';
export const importQuoteRequestPath = (importId: string): string => `/plate/new/${encodeURIComponent(importId)}/quote-request`;

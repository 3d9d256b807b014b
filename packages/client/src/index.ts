// A typed client for the REST interface: openapi-fetch over the types generated from the OpenAPI
// document, so every path, parameter, body and answer is checked by the compiler.
import createClient from 'openapi-fetch';
import type { Client, ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

export type ShopClient = Client<paths>;

export interface ShopClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The REST interface's address with its version prefix, e.g. `http://localhost:3000/api/v1`. */
  baseUrl: string;
}

type Schemas = components['schemas'];
export type Status = Schemas['Status'];
export type Material = Schemas['Material'];
export type Product = Schemas['Product'];
export type Profile = Schemas['Profile'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type PlateItem = Schemas['PlateItem'];
export type ProductItem = Schemas['ProductItem'];
export type Quote = Schemas['Quote'];
export type QuotedItem = Schemas['QuotedItem'];
export type Issue = Schemas['Issue'];
export type HandoffRequest = Schemas['HandoffRequest'];
export type Handoff = Schemas['Handoff'];
export type RfqLinkRequest = Schemas['RfqLinkRequest'];
export type RfqLink = Schemas['RfqLink'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type ErrorBody = Schemas['ErrorBody'];

/** The client for one deployment; every call answers `{ data }` on success or `{ error }` with the error envelope. */
export function createShopClient(options: ShopClientOptions): ShopClient {
  return createClient<paths>(options);
}

/** Turns a service address (`PUBLIC_URL`) into the client's `baseUrl`. */
export function apiBaseUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1`;
}

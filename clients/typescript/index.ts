import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
/** The API's schemas by name: `Schemas['InvoiceResponse']`, `Schemas['ErrorResponse']`, … */
export type Schemas = components['schemas'];
export type TallyClient = Client<paths>;

export interface TallyClientOptions {
  /** Where the service runs, e.g. `http://127.0.0.1:3000` (paths start with /api/v1/companies/{company_id}). */
  baseUrl: string;
  /** A `tally_sk_…` token of the company (`npm run cli -- token create`). */
  token: string;
  /** Another fetch (tests, proxies); the global fetch otherwise. */
  fetch?: ClientOptions['fetch'];
}

/** A typed client of the Tally API (openapi-fetch over the generated `paths`). */
export function createTallyClient(options: TallyClientOptions): TallyClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

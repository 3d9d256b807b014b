import type { ColumnType } from "kysely";
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type Handoff = {
    id: string;
    created_at: string;
    expires_at: string;
    body: string;
    schema_version: Generated<number>;
};
export type IdempotencyKey = {
    key: string;
    request_hash: string;
    status: number | null;
    body: string | null;
    plate_import_id: string | null;
    created_ms: number;
    expires_ms: number;
};
export type PlateDesign = {
    id: string;
    handoff_id: string;
    quote_id: string;
    item_index: number;
    created_at: string;
    expires_at: string;
    design: string;
    schema_version: Generated<number>;
};
export type PlateImport = {
    id: string;
    created_at: string;
    expires_at: string;
    retain_until: string;
    body: string;
    schema_version: Generated<number>;
};
export type Quote = {
    id: string;
    created_at: string;
    expires_at: string;
    body: string;
    request: string;
    schema_version: Generated<number>;
};
export type RateLimit = {
    key: string;
    points: Generated<number>;
    expire: number | null;
};
export type RfqLink = {
    id: string;
    created_at: string;
    expires_at: string;
    body: string;
    schema_version: Generated<number>;
};
export type RfqSubmission = {
    id: string;
    rfq_link_id: string;
    created_at: string;
    idempotency_key: string;
    body: string;
    schema_version: Generated<number>;
};
export type DB = {
    handoffs: Handoff;
    idempotency_keys: IdempotencyKey;
    plate_designs: PlateDesign;
    plate_imports: PlateImport;
    quotes: Quote;
    rate_limits: RateLimit;
    rfq_links: RfqLink;
    rfq_submissions: RfqSubmission;
};

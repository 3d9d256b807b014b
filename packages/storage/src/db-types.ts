import type { ColumnType } from "kysely";
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type AuditEntry = {
    id: Generated<number>;
    at: string;
    staff_id: string | null;
    action: string;
    subject: string;
    detail: string;
    ip: string;
};
export type Handoff = {
    id: string;
    created_at: string;
    expires_at: string;
    body: string;
    schema_version: Generated<number>;
    opens: Generated<number>;
};
export type HandoffQuote = {
    handoff_id: string;
    quote_id: string;
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
export type InboxItem = {
    kind: string;
    request_id: string;
    state: Generated<string>;
    lost_reason: string | null;
    assignee_id: string | null;
    updated_at: string;
};
export type InboxSearch = {
    id: Generated<number>;
    kind: string;
    request_id: string;
    body: string;
};
export type LostReason = {
    id: Generated<number>;
    label: string;
    created_at: string;
    retired_at: string | null;
};
export type OrderRequest = {
    id: string;
    handoff_id: string;
    created_at: string;
    idempotency_key: string;
    state: Generated<string>;
    price_book: string;
    subtotal_cents: number;
    tax_cents: number;
    total_cents: number;
    fulfilment: string;
    address_line1: string | null;
    address_line2: string | null;
    address_city: string | null;
    address_province: string | null;
    address_postal_code: string | null;
    contact_name: string;
    contact_email: string;
    contact_phone: string | null;
    contact_company: string | null;
    contact_note: string | null;
    erased_at: string | null;
};
export type OrderRequestItem = {
    order_request_id: string;
    position: number;
    quote_id: string;
    item_index: number;
    kind: string;
    description: string;
    label: string | null;
    quantity: number;
    unit_amount_cents: number;
    amount_cents: number;
};
export type OutboxAttempt = {
    row_id: string;
    attempt: number;
    outcome: string;
    status: number | null;
    error: string | null;
    response: string | null;
    duration_ms: number;
    at: string;
};
export type OutboxRow = {
    id: string;
    event_type: string;
    payload: string;
    kind: string;
    target: string;
    subject: string;
    state: Generated<string>;
    attempts: Generated<number>;
    next_attempt_at: string | null;
    created_at: string;
    sent_at: string | null;
    last_error: string | null;
    claimed_by: string | null;
    claimed_until: string | null;
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
    survey: string | null;
    client_key: string | null;
    stored_bytes: Generated<number>;
    body_deflated: Buffer | null;
};
export type PlateOrdersSwitch = {
    id: string;
    state: string;
    paused_from: string | null;
    paused_until: string | null;
    message: Generated<string>;
    updated_at: string;
    updated_by: string | null;
};
export type PriceBookVersion = {
    version: string;
    book: string;
    uploaded_at: string;
    uploaded_by: string | null;
    published_at: string | null;
    published_by: string | null;
    effective_from: string | null;
    note: Generated<string>;
};
export type Quote = {
    id: string;
    created_at: string;
    expires_at: string;
    body: string;
    request: string;
    schema_version: Generated<number>;
    source: string | null;
    item_count: number | null;
    total_cents: number | null;
    materials: string | null;
};
export type RateLimit = {
    key: string;
    points: Generated<number>;
    expire: number | null;
};
export type RequestEvent = {
    id: Generated<number>;
    request_kind: string;
    request_id: string;
    at: string;
    staff_id: string | null;
    event: string;
    detail: string;
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
    job: string | null;
    erased_at: string | null;
};
export type SignInCounter = {
    kind: string;
    subject: string;
    ip: string;
    failures: number;
    window_start_ms: number;
    next_try_ms: number;
    refusals: Generated<number>;
};
export type Staff = {
    id: string;
    email: string;
    name: string;
    role: string;
    password_hash: string | null;
    created_at: string;
    disabled_at: string | null;
};
export type StaffSession = {
    id: string;
    staff_id: string;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    ip: string;
    user_agent: string;
};
export type StaffWelcomeToken = {
    id: string;
    staff_id: string;
    expires_at: string;
    used_at: string | null;
};
export type WebhookEndpoint = {
    id: string;
    name: string;
    url: string;
    secret: string;
    events: string;
    disabled_at: string | null;
    created_by: string | null;
    created_at: string;
};
export type DB = {
    audit_log: AuditEntry;
    handoff_quotes: HandoffQuote;
    handoffs: Handoff;
    idempotency_keys: IdempotencyKey;
    inbox_items: InboxItem;
    inbox_search: InboxSearch;
    lost_reasons: LostReason;
    order_request_items: OrderRequestItem;
    order_requests: OrderRequest;
    outbox: OutboxRow;
    outbox_attempts: OutboxAttempt;
    plate_designs: PlateDesign;
    plate_imports: PlateImport;
    plate_orders_switch: PlateOrdersSwitch;
    price_book_versions: PriceBookVersion;
    quotes: Quote;
    rate_limits: RateLimit;
    request_events: RequestEvent;
    rfq_links: RfqLink;
    rfq_submissions: RfqSubmission;
    sign_in_counters: SignInCounter;
    staff: Staff;
    staff_sessions: StaffSession;
    staff_welcome_tokens: StaffWelcomeToken;
    webhook_endpoints: WebhookEndpoint;
};

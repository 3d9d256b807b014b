export { BOUNDS } from './bounds';
export { ERROR_DOCS, ISSUE_DOCS } from './code-docs';
export type { CodeDoc } from './code-docs';
export {
  ERROR_CODES,
  ERROR_STATUS,
  ERROR_TYPES,
  ISSUE_CODES,
  ISSUE_SEVERITY,
  SEVERITIES,
  errorTypeForStatus,
  isRetryableCode,
} from './codes';
export type { ErrorCode, ErrorType, IssueCode, Severity } from './codes';
export { Issue, Label, Timestamp, listOf } from './common';
export type { ListEnvelope } from './common';
export {
  ErrorBody,
  ErrorEnvelope,
  MAX_LISTED_ERRORS,
  MAX_MESSAGE_LENGTH,
  MAX_PARAM_LENGTH,
  ServiceError,
  clip,
  formatParam,
  messageSubject,
  parseRequest,
  toParameterError,
} from './errors';
export type { ServiceErrorOptions } from './errors';
export { MAX_ITEM_ISSUES, REPEATS_SHOWN, compareIssues, compareParams, orderItemIssues } from './issue-order';
export { HANDOFF_ACTIONS, Handoff, HandoffItem, HandoffRequest } from './handoffs';
export { FULFILMENTS, OrderRequestForm, PROVINCES } from './order-requests';
export type { Province } from './order-requests';
export type { HandoffAction } from './handoffs';
export { LeadTime, MATERIAL_IDS, Material, MaterialId, MaterialList, MaterialsQuery, ThicknessOffer } from './materials';
export { API_ROUTES } from './api-routes';
export type { ApiRoute, HttpMethod } from './api-routes';
export { API_PREFIX, BEARER_PAGE_PREFIXES, PAGE_ROUTES, PUBLIC_PATHS, publicUrls } from './public-paths';
export {
  Bend,
  BoltCircle,
  CircleOutline,
  GridHoles,
  HolePattern,
  LinearHoles,
  MAX_CUTOUTS,
  MIN_RING_WALL_IN,
  Outline,
  Cutout,
  IMPORT_ID_PATTERN,
  PlateItem,
  PlateItemRequest,
  PolygonOutline,
  RectangleOutline,
  RingOutline,
  SingleHole,
  Slot,
  countCutouts,
  countPatternCutouts,
  typedPlate,
} from './plates';
export type { PlateItemInput, Point } from './plates';
export { PRODUCT_SLUG_PATTERN, Product, ProductList, ProductQuery, ProductTier, TIER_KINDS, TierKind } from './products';
export { DimensionSpan, PROFILE_TYPES, Profile, ProfileList, ProfileQuery, ProfileType } from './profiles';
export {
  DELIVERY_STATUSES,
  Delivery,
  ITEM_STATUSES,
  PRICE_TYPES,
  ProductItem,
  QUOTE_STATUSES,
  QuantityOption,
  Quote,
  QuoteRequest,
  typedRequest,
  QuoteRequestItem,
  QuoteStatus,
  QuotedItem,
  QuotedPlate,
  QuotedProduct,
} from './quotes';
export type { QuoteRequestInput, ResolvedQuoteRequest } from './quotes';
export { RfqLink, RfqLinkRequest, RfqSubmissionForm } from './rfq';
export { Status } from './status';
export { z } from './zod';
export { PlatePrice, PriceDisplay } from './plate-price';
export { KeptPlate, READABLE_VERSIONS_FROM, RfqSubmission, STORED_VERSIONS, StoredPlateDesign, StoredRfqLink } from './stored';
export type { StoredKind } from './stored';
export { DRAWING_UNITS, ImportDxfInput, PlateImport, PlateImportQuery } from './imports';

// The console's express app: security headers on every answer, its stylesheet, the pages before a
// session (sign-in, welcome), then a session and a CSRF token for everything else.
import path from 'node:path';
import type { ShopSettings } from '@shop/service';
import type {
  AuditLog,
  InboxRepository,
  LostReasonRepository,
  OrderRequestRepository,
  OutboxRepository,
  PersonalDataRepository,
  RfqSubmissionRepository,
  StaffRepository,
  WebhookEndpointRepository,
} from '@shop/storage';
import { ServiceError } from '@shop/contracts';
import { StorageUnavailable } from '@shop/storage';
import express from 'express';
import type { ErrorRequestHandler, Express } from 'express';
import type { Logger } from 'pino';
import type { ConsoleDeps } from './accounts';
import type { ConsoleConfig } from './config';
import { readBookUpload } from './http/book-upload';
import { RefusedRequest, checkOrigin, consoleTrustProxy, preSessionTokens, requireCsrfToken, setSecurityHeaders } from './http/security';
import { OwnersOnly, loadSession, requireOwner, requireSignIn, sessionCookie, signedInOf } from './http/session';
import { rememberRequestPath } from './pages/layout';
import { renderMessagePage } from './pages/message-page';
import { inboxRoutes } from './routes/inbox';
import { notificationRoutes } from './routes/notifications';
import { quoteRoutes } from './routes/quotes';
import type { QuoteDeps } from './quotes';
import { ownerSettingsRoutes } from './routes/privacy';
import { priceBookRoutes } from './routes/price-book';
import { signedInRoutes } from './routes/signed-in';
import { signInRoutes } from './routes/sign-in';

export interface ConsoleAppOptions {
  config: Pick<ConsoleConfig, 'consoleUrl' | 'ownOrigins' | 'shopName' | 'trustProxy' | 'retentionDays' | 'mail'> & Partial<Pick<ConsoleConfig, 'webhookAllowHosts'>>;
  staff: StaffRepository;
  audit: AuditLog;
  /** The leads the inbox shows, and where the shop stands on each. */
  inbox: { orders: OrderRequestRepository; quotes: Pick<RfqSubmissionRepository, 'get'>; states: InboxRepository };
  /** The outbox and the webhook endpoints; `wake` tells the delivery loop to look now. */
  notifications: { outbox: OutboxRepository; webhooks: WebhookEndpointRepository; wake: () => void };
  /** The quotes and handoffs as stored, and the service that draws them. */
  quotes: Omit<QuoteDeps, 'now'>;
  /** A person's data by e-mail (owners' /privacy) and the lost reasons (owners' /settings/lost-reasons). */
  personalData: PersonalDataRepository;
  lostReasons: LostReasonRepository;
  /** The price book's versions and the plate orders switch (the service's own code). */
  shopSettings: ShopSettings;
  /** The clock (tests move it). */
  now: () => Date;
  logger: Logger;
}

const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');
/** Forms are a few short fields. */
const FORM_LIMIT = '16kb';

export function createConsoleApp(options: ConsoleAppOptions): Express {
  const { config, logger } = options;
  const deps: ConsoleDeps = { staff: options.staff, audit: options.audit, now: options.now, consoleUrl: config.consoleUrl };
  const cookie = sessionCookie(config.consoleUrl);
  const shopName = config.shopName;

  const app = express();
  app.disable('x-powered-by');
  // A hop count is believed only from private addresses (see consoleTrustProxy).
  app.set('trust proxy', consoleTrustProxy(config.trustProxy));
  app.use(setSecurityHeaders);
  // No page answers OPTIONS (the console allows no other origin); express would answer it itself in plain text.
  app.use((req, res, next) => {
    if (req.method !== 'OPTIONS') return next();
    res.status(405).set('Allow', 'GET, HEAD, POST').type('html').send(renderMessagePage(shopName, 'Method not allowed', 'The console answers GET and POST only.', null));
  });
  app.use('/assets', express.static(PUBLIC_DIR, { index: false, redirect: false }));
  app.use(checkOrigin(config.ownOrigins));
  app.use(express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  app.use(loadSession(deps, cookie));
  app.use(signInRoutes(deps, cookie, preSessionTokens(cookie.secure), shopName));
  // The price book upload is the one multipart form (1 MiB): read only for a signed-in owner, before the CSRF check reads its token.
  app.post('/price-book', requireSignIn, requireOwner, readBookUpload);
  app.use(requireSignIn, requireCsrfToken);
  // After every body is read (a stream's callbacks would lose it): the menu marks the page's section.
  app.use(rememberRequestPath);
  app.use(signedInRoutes(deps, cookie, shopName));
  app.use(
    inboxRoutes(
      { ...options.inbox, lostReasons: options.lostReasons, personalData: options.personalData, audit: options.audit, now: options.now },
      options.staff,
      shopName,
      config.consoleUrl,
      (subject) => options.notifications.outbox.forSubject(subject),
    ),
  );
  app.use(ownerSettingsRoutes({ personalData: options.personalData, lostReasons: options.lostReasons, audit: options.audit, now: options.now, retentionDays: config.retentionDays }, shopName));
  app.use(quoteRoutes({ ...options.quotes, now: options.now }, shopName));
  app.use(priceBookRoutes({ settings: options.shopSettings, audit: options.audit, staff: options.staff, now: options.now }, shopName));
  app.use(notificationRoutes({ ...options.notifications, audit: options.audit, now: options.now, mail: config.mail !== null, webhookAllowHosts: config.webhookAllowHosts ?? [] }, shopName));

  app.use((req, res) => {
    res.status(404).type('html').send(renderMessagePage(shopName, 'Page not found', 'There is no page at this address.', viewerOf(req)));
  });

  const viewerOf = (req: express.Request) => {
    const signedIn = signedInOf(req);
    return signedIn ? { staff: signedIn.staff, csrfToken: signedIn.csrfToken } : null;
  };

  // People get a page saying what happened; never a stack trace.
  const handleError: ErrorRequestHandler = (error, req, res, _next) => {
    const page = (status: number, title: string, message: string) => res.status(status).type('html').send(renderMessagePage(shopName, title, message, viewerOf(req)));
    if (error instanceof RefusedRequest) return page(403, 'Form refused', error.message);
    if (error instanceof OwnersOnly) return page(403, 'Owners only', 'Only an owner may open this page. Ask an owner if you need something from it.');
    const code = (error as { code?: unknown }).code;
    const type = (error as { type?: unknown }).type;
    if (code === 'EBADCSRFTOKEN') return page(403, 'Form refused', 'The form is out of date or did not come from the console. Open the page again and send the form from there.');
    if (type === 'entity.too.large') return page(413, 'Form too large', 'The form sent more than the console takes. Go back and shorten what you typed.');
    if (type === 'entity.parse.failed' || type === 'parameters.too.many') return page(400, 'Form not readable', 'The form could not be read. Open the page again and send it from there.');
    // An address whose %-escapes are not UTF-8 (the router could not decode a part of it).
    if (error instanceof URIError) return page(400, 'Address not readable', 'The address could not be read. Open the page from the console\'s own links.');
    // The database away or past one of its bounded waits (a lock, a statement, a pooled connection):
    // retryable, said as such, its cause in the log.
    if (error instanceof StorageUnavailable || (error instanceof ServiceError && error.code === 'storage_unavailable')) {
      logger.warn({ err: error instanceof ServiceError ? (error.cause ?? error) : error, method: req.method, path: req.path }, 'console request found the database unavailable');
      res.setHeader('Retry-After', '2');
      return page(503, 'Database busy', 'The database could not answer just now; nothing more was changed. Try again in a few seconds.');
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'console request failed');
    return page(500, 'Something went wrong', 'Something went wrong on our side; nothing more was changed. Try again in a moment.');
  };
  app.use(handleError);
  return app;
}

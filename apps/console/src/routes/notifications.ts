// The notifications' pages (staff; an owner may retry a dead one) and the webhook endpoints (owners).
import { Router } from 'express';
import type { Request, Response } from 'express';
import { EVENT_TYPES, checkWebhookDestination, createWebhookSecret, type Resolver } from '@shop/notify';
import type { AuditLog, OutboxRepository, OutboxState, WebhookEndpointRepository } from '@shop/storage';
import { requireOwner, signedInOf } from '../http/session';
import { renderMessagePage } from '../pages/message-page';
import type { FieldProblem } from '../pages/layout';
import { renderNotificationPage, renderNotificationsPage, renderWebhookDeletePage, renderWebhooksPage, type WebhookForm } from '../pages/notification-pages';
import { clientIp, field } from './sign-in';

export interface NotificationDeps {
  outbox: OutboxRepository;
  webhooks: WebhookEndpointRepository;
  audit: AuditLog;
  now: () => Date;
  /** Tells the delivery loop to look for due rows now. */
  wake: () => void;
  /** Whether e-mail is set up (SMTP_URL and the rest): without it and without an enabled endpoint nobody is told. */
  mail: boolean;
  /** WEBHOOK_ALLOW_HOSTS: hosts an endpoint may have inside the shop's network (default none). */
  webhookAllowHosts?: readonly string[];
  /** How an endpoint's host is resolved; default the system's resolver. */
  resolve?: Resolver;
}

const LIST_ROWS = 200;
const NAME_MAX = 60;
const URL_MAX = 2000;

const isOutboxState = (value: unknown): value is OutboxState => value === 'pending' || value === 'sent' || value === 'dead';

/** The events ticked on the form (one value or several). */
function eventsOf(req: Request): string[] {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.events;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((event): event is string => typeof event === 'string');
}

/** An endpoint's URL as the form gave it, or why it cannot be used. */
function checkUrl(text: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: 'The URL is not an address: give https://host/path.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'The URL must start with https:// (or http://).' };
  if (url.username || url.password) return { error: 'Leave the user name and password out of the URL: the signature authenticates each request.' };
  return { url: url.toString() };
}

export function notificationRoutes(deps: NotificationDeps, shopName: string): Router {
  const router = Router();
  const viewerOf = (req: Request) => {
    const signedIn = signedInOf(req)!;
    return { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
  };
  const endpointsById = async () => new Map((await deps.webhooks.list()).map((endpoint) => [endpoint.id, endpoint]));

  router.get('/notifications', async (req, res) => {
    const state = isOutboxState(req.query.state) ? req.query.state : null;
    const rows = await deps.outbox.list({ limit: LIST_ROWS, state });
    res.type('html').send(renderNotificationsPage(shopName, viewerOf(req), rows, await endpointsById(), state, { mail: deps.mail }));
  });

  const sendRow = async (req: Request, res: Response, status: number, message: { error?: string; ok?: string } = {}) => {
    const found = await deps.outbox.get(req.params.id as string);
    if (!found) return res.status(404).type('html').send(renderMessagePage(shopName, 'Notification not found', 'There is no such notification.', viewerOf(req)));
    return res.status(status).type('html').send(renderNotificationPage(shopName, viewerOf(req), found, await endpointsById(), message));
  };

  router.get('/notifications/:id', (req, res) => sendRow(req, res, 200));

  // The link in the shop's e-mail about a new order request: the mail names the request by its public
  // reference only (its or_ id opens the customer's confirmation page), so it leads here, to the
  // request the notification is about, for a signed-in person.
  router.get('/notifications/:id/request', async (req, res) => {
    const found = await deps.outbox.get(req.params.id as string);
    const [kind, id] = (found?.row.subject ?? '').split('/', 2);
    if ((kind !== 'order' && kind !== 'quote') || !id) {
      return res.status(404).type('html').send(renderMessagePage(shopName, 'Request not found', 'No request goes with this notification.', viewerOf(req)));
    }
    return res.redirect(303, `/inbox/${kind}/${encodeURIComponent(id)}`);
  });

  router.post('/notifications/:id/retry', requireOwner, async (req, res) => {
    const id = req.params.id as string;
    const at = deps.now();
    if (!(await deps.outbox.retry(id, at))) return sendRow(req, res, 409, { error: 'Only a dead notification can be retried; this one is not dead.' });
    await deps.audit.append({ at, staffId: signedInOf(req)!.staff.id, action: 'notification_retried', subject: id, detail: {}, ip: clientIp(req) });
    deps.wake();
    return sendRow(req, res, 200, { ok: 'Its tries start over now.' });
  });

  const sendWebhooks = async (req: Request, res: Response, status: number, message: Parameters<typeof renderWebhooksPage>[4] = {}) => {
    res.status(status).type('html').send(renderWebhooksPage(shopName, viewerOf(req), await deps.webhooks.list(), EVENT_TYPES, message));
  };

  router.get('/webhooks', requireOwner, (req, res) => sendWebhooks(req, res, 200));

  router.post('/webhooks', requireOwner, async (req, res) => {
    // What was typed goes back in the form whatever is refused (escaped by the page).
    const form: WebhookForm = { name: field(req, 'name').slice(0, URL_MAX), url: field(req, 'url').slice(0, URL_MAX), events: eventsOf(req).map((event) => event.slice(0, 60)) };
    const refuse = (status: number, problem: FieldProblem) => sendWebhooks(req, res, status, { problems: [problem], form });
    const name = form.name.trim();
    if (name === '' || name.length > NAME_MAX) return refuse(422, { field: 'webhook-name', message: `Give the endpoint a name of 1 to ${NAME_MAX} characters.` });
    const checked = field(req, 'url').length > URL_MAX ? { error: `The URL is longer than ${URL_MAX} characters.` } : checkUrl(field(req, 'url'));
    if ('error' in checked) return refuse(422, { field: 'webhook-url', message: checked.error });
    // Anyone can make the console send a webhook (a public form is enough): an endpoint inside the
    // shop's network is refused now, and again at every try (@shop/notify), whatever DNS says then.
    const destination = await checkWebhookDestination(new URL(checked.url), {
      ...(deps.webhookAllowHosts ? { allowHosts: deps.webhookAllowHosts } : {}),
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
    if (!destination.ok && destination.reason === 'refused') return refuse(422, { field: 'webhook-url', message: destination.error });
    const events = [...new Set(eventsOf(req))];
    const unknown = events.find((event) => !(EVENT_TYPES as readonly string[]).includes(event));
    if (unknown !== undefined) return refuse(422, { field: 'webhook-events', message: `${unknown.slice(0, 60)} is not an event the shop sends.` });
    if (events.length === 0) return refuse(422, { field: 'webhook-events', message: 'Tick at least one event.' });
    const secret = createWebhookSecret();
    const at = deps.now();
    const signedIn = signedInOf(req)!;
    const added = await deps.webhooks.add({ name, url: checked.url, secret, events, createdBy: signedIn.staff.id, createdAt: at });
    if (!added) return refuse(409, { field: 'webhook-name', message: `An endpoint named ${name} exists already: choose another name.` });
    await deps.audit.append({ at, staffId: signedIn.staff.id, action: 'webhook_added', subject: added.id, detail: { name, url: added.url, events }, ip: clientIp(req) });
    // The only answer that carries the secret.
    // A name with no address yet is kept: each try resolves and checks it again.
    const unresolved = destination.ok ? '' : ` ${destination.error} Each try looks it up again and refuses it if it leads inside the shop's network.`;
    return sendWebhooks(req, res, 201, { ok: `${name} is added; new events go to it from now on.${unresolved}`, secret });
  });

  // Deleting cannot be undone: the list's button opens this step, which names the endpoint; a POST
  // without the step's `confirm` (an old page, a one-click form) gets the step too, never a delete.
  const confirmDelete = async (req: Request, res: Response) => {
    const endpoint = await deps.webhooks.get(req.params.id as string);
    if (!endpoint) return sendWebhooks(req, res, 404, { error: 'No such endpoint.' });
    return res.type('html').send(renderWebhookDeletePage(shopName, viewerOf(req), endpoint));
  };
  router.get('/webhooks/:id/delete', requireOwner, confirmDelete);
  router.post('/webhooks/:id/delete', requireOwner, (req, res, next) => (field(req, 'confirm') === 'yes' ? next() : confirmDelete(req, res)));

  const change = (action: 'disable' | 'delete') =>
    router.post(`/webhooks/:id/${action}`, requireOwner, async (req, res) => {
      const id = req.params.id as string;
      const endpoint = await deps.webhooks.get(id);
      const at = deps.now();
      const done = endpoint !== null && (action === 'disable' ? await deps.webhooks.disable(id, at) : await deps.webhooks.remove(id));
      if (!done) return sendWebhooks(req, res, 404, { error: action === 'disable' ? 'No such enabled endpoint.' : 'No such endpoint.' });
      await deps.audit.append({ at, staffId: signedInOf(req)!.staff.id, action: action === 'disable' ? 'webhook_disabled' : 'webhook_deleted', subject: id, detail: { name: endpoint.name, url: endpoint.url }, ip: clientIp(req) });
      return sendWebhooks(req, res, 200, { ok: `${endpoint.name} is ${action === 'disable' ? 'disabled' : 'deleted'}; notifications still waiting for it will not be sent.` });
    });
  change('disable');
  change('delete');

  return router;
}

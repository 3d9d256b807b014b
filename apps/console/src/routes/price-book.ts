// The price book's pages (staff may look; owners upload and publish) and the plate orders switch
// (staff see it; owners set it). Each change goes through the service's own code and into the audit log.
import { Router } from 'express';
import type { Request, Response } from 'express';
import { ServiceError } from '@shop/contracts';
import { findPriceBookProblems, type ShopSettings } from '@shop/service';
import type { AuditLog, StaffRepository } from '@shop/storage';
import { bookUploadOf, BOOK_UPLOAD_BYTES } from '../http/book-upload';
import { requireOwner, signedInOf } from '../http/session';
import { renderMessagePage } from '../pages/message-page';
import { renderPlateOrdersPage, type PlateOrdersForm } from '../pages/plate-orders-page';
import { CONFIRM_ABOVE_PERCENT, changesPast, renderDiffPage, renderPriceBookPage, type PriceBookMessage, type PublishForm } from '../pages/price-book-pages';
import { torontoToUtc } from '../toronto-time';
import { clientIp, field } from './sign-in';

export interface PriceBookRouteDeps {
  settings: ShopSettings;
  audit: AuditLog;
  staff: StaffRepository;
  now: () => Date;
}

/** What the owner reads when another connection holds the database's write lock (or it is down). */
const BUSY = 'The database is busy just now, so nothing was published or changed. Try again in a moment.';

const viewerOf = (req: Request) => {
  const signedIn = signedInOf(req)!;
  return { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
};

export function priceBookRoutes(deps: PriceBookRouteDeps, shopName: string): Router {
  const router = Router();
  const names = async () => new Map((await deps.staff.list()).map((person) => [person.id, person.name]));
  const busyPage = (req: Request, res: Response, title: string) => res.status(503).set('Retry-After', '5').type('html').send(renderMessagePage(shopName, title, BUSY, viewerOf(req)));

  const sendBookPage = async (req: Request, res: Response, status: number, message: PriceBookMessage = {}) => {
    res.status(status).type('html').send(renderPriceBookPage(shopName, viewerOf(req), await deps.settings.listPriceBooks(), await names(), message));
  };

  const sendDiffPage = async (req: Request, res: Response, version: string, status: number, message: PriceBookMessage = {}, form?: PublishForm) => {
    let found: Awaited<ReturnType<ShopSettings['getPriceBook']>>;
    try {
      found = await deps.settings.getPriceBook(version);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'parameter_invalid') {
        return res.status(404).type('html').send(renderMessagePage(shopName, 'Version not found', 'No price book of that version is stored; the price book page lists them.', viewerOf(req)));
      }
      throw error;
    }
    const diff = await deps.settings.diffPriceBook(version);
    return res.status(status).type('html').send(renderDiffPage(shopName, viewerOf(req), { version: found.version, diff, now: deps.now(), ...(form ? { form } : {}) }, message));
  };

  router.get('/price-book', async (req, res) => {
    const published = typeof req.query.published === 'string' ? req.query.published.slice(0, 40) : null;
    await sendBookPage(req, res, 200, published ? { ok: `Version ${published} is published.` } : {});
  });

  // The multipart body was read (after the owner check) before the CSRF check: see app.ts.
  router.post('/price-book', requireOwner, async (req, res) => {
    const upload = bookUploadOf(req);
    if (!upload) return sendBookPage(req, res, 415, { error: 'Send the book with the upload form on this page (multipart/form-data).' });
    if (upload.tooLarge) return sendBookPage(req, res, 413, { error: `The book is over ${BOOK_UPLOAD_BYTES / 1024 / 1024} MiB; nothing was kept.` });
    const text = upload.file ?? upload.pasted;
    if (text.trim() === '') return sendBookPage(req, res, 422, { error: 'Choose the book file, or paste the book, then upload it.' });
    // Every problem with its path (the service's refusal names the first few).
    const problems = findPriceBookProblems(text);
    if (problems.length > 0) {
      const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
      return sendBookPage(req, res, 422, { error: `The book is not valid (${count}); nothing was kept.`, problems });
    }
    const signedIn = signedInOf(req)!;
    try {
      const uploaded = await deps.settings.uploadPriceBook(text, signedIn.staff.id, { note: upload.note });
      await deps.audit.append({ at: deps.now(), staffId: signedIn.staff.id, action: 'price_book_uploaded', subject: `price-book/${uploaded.version}`, detail: { version: uploaded.version, note: uploaded.note }, ip: clientIp(req) });
      return res.redirect(303, `/price-book/${encodeURIComponent(uploaded.version)}`);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.code === 'storage_unavailable') return busyPage(req, res, 'Database busy');
      return sendBookPage(req, res, error.status, { error: error.message });
    }
  });

  router.get('/price-book/:version', (req, res) => sendDiffPage(req, res, req.params.version as string, 200));

  router.get('/price-book/:version/book.json', async (req, res) => {
    try {
      const { version, text } = await deps.settings.getPriceBook(req.params.version as string);
      res.status(200).type('application/json').set('Content-Disposition', `attachment; filename="price-book-${version.version}.json"`).send(text);
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'parameter_invalid')) throw error;
      res.status(404).type('html').send(renderMessagePage(shopName, 'Version not found', 'No price book of that version is stored.', viewerOf(req)));
    }
  });

  router.post('/price-book/:version/publish', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    const version = req.params.version as string;
    const thresholdText = field(req, 'threshold').trim();
    const threshold = thresholdText === '' ? CONFIRM_ABOVE_PERCENT : Number(thresholdText);
    const form: PublishForm = { when: field(req, 'when'), at: field(req, 'at').slice(0, 40), note: field(req, 'note').slice(0, 500), thresholdPercent: Number.isFinite(threshold) && threshold >= 0 && threshold <= 1000 ? threshold : CONFIRM_ABOVE_PERCENT };
    // The time is the owner's deliberate choice: nothing is pre-selected, and no choice publishes nothing.
    if (form.when !== 'now' && form.when !== 'at') return sendDiffPage(req, res, version, 422, { error: 'Choose when the version takes force: now, or at a set time. Nothing was published.' }, form);
    if (!(Number.isFinite(threshold) && threshold >= 0 && threshold <= 1000)) return sendDiffPage(req, res, version, 422, { error: 'The confirmation threshold is a percentage from 0 to 1000. Nothing was published.' }, form);
    let at: Date | undefined;
    if (form.when === 'at') {
      const named = torontoToUtc(form.at);
      if (!named) return sendDiffPage(req, res, version, 422, { error: 'Give the date and time to publish at (Toronto time), or choose now.' }, form);
      at = named;
    }
    // Reference prices moving past the owner's threshold need the confirmation box of the diff page.
    if (field(req, 'confirm') !== 'yes') {
      let past: ReturnType<typeof changesPast> = [];
      try {
        past = changesPast(await deps.settings.diffPriceBook(version), form.thresholdPercent);
      } catch (error) {
        if (!(error instanceof ServiceError && error.code === 'parameter_invalid')) throw error;
      }
      if (past.length > 0) {
        const count = past.length === 1 ? 'One reference price moves' : `${past.length} reference prices move`;
        return sendDiffPage(req, res, version, 422, { error: `${count} by more than ${form.thresholdPercent}%: check them below and tick the confirmation to publish. Nothing was published.` }, form);
      }
    }
    try {
      const published = await deps.settings.publishPriceBook(version, { staffId: signedIn.staff.id, ...(at ? { at } : {}) });
      const note = form.note.trim();
      await deps.audit.append({
        at: deps.now(),
        staffId: signedIn.staff.id,
        action: 'price_book_published',
        subject: `price-book/${version}`,
        detail: { version, in_force_from: published.effectiveFrom!.toISOString(), ...(note ? { note } : {}) },
        ip: clientIp(req),
      });
      return res.redirect(303, `/price-book?published=${encodeURIComponent(version)}`);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.code === 'storage_unavailable') return busyPage(req, res, 'Database busy: nothing was published');
      if (error.param === 'version') return sendDiffPage(req, res, version, 404);
      return sendDiffPage(req, res, version, error.status, { error: error.message });
    }
  });

  const sendSwitchPage = async (req: Request, res: Response, status: number, message: Parameters<typeof renderPlateOrdersPage>[5] = {}) => {
    res.status(status).type('html').send(renderPlateOrdersPage(shopName, viewerOf(req), await deps.settings.getPlateOrders(), await names(), deps.now(), message));
  };

  router.get('/plate-orders', (req, res) => sendSwitchPage(req, res, 200, req.query.saved === '1' ? { ok: 'The switch is set.' } : {}));

  router.post('/plate-orders', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    const form: PlateOrdersForm = { state: field(req, 'state'), from: field(req, 'from'), until: field(req, 'until'), message: field(req, 'message') };
    let setting: Record<string, unknown>;
    if (form.state === 'paused') {
      const from = torontoToUtc(form.from);
      const until = torontoToUtc(form.until);
      if (!from || !until) return sendSwitchPage(req, res, 422, { error: 'A pause needs the date and time it starts and the one it ends (Toronto time).', form });
      setting = { state: 'paused', from: from.toISOString(), until: until.toISOString(), message: form.message };
    } else if (form.state === 'off') {
      setting = { state: 'off', message: form.message };
    } else {
      setting = { state: form.state };
    }
    try {
      const status = await deps.settings.setPlateOrders(setting, signedIn.staff.id);
      await deps.audit.append({
        at: deps.now(),
        staffId: signedIn.staff.id,
        action: 'plate_orders_switched',
        subject: 'plate-orders',
        detail: { state: status.state, from: status.pausedFrom?.toISOString() ?? null, until: status.pausedUntil?.toISOString() ?? null },
        ip: clientIp(req),
      });
      return res.redirect(303, '/plate-orders?saved=1');
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.code === 'storage_unavailable') return busyPage(req, res, 'Database busy: the switch is unchanged');
      const message = error.param === 'state' ? 'Choose on, off or paused.' : error.message;
      return sendSwitchPage(req, res, error.status, { error: message, form });
    }
  });

  return router;
}

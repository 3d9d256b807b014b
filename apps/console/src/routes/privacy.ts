// The owners' pages: personal data by e-mail (find, export, erase; the e-mail travels in POST forms,
// never in an address) and the list of lost reasons.
import { Router } from 'express';
import type { Request, Response } from 'express';
import { requireOwner, signedInOf } from '../http/session';
import { LostReasonProblem, addLostReason, renameLostReason, retireLostReason, type LostReasonDeps } from '../lost-reasons';
import { PrivacyProblem, erasePersonalData, exportPersonalData, findPersonalData, type PersonalDataDeps } from '../personal-data';
import { reasonFieldId, renderLostReasonsPage } from '../pages/lost-reason-pages';
import { describeCounts, renderPrivacyPage } from '../pages/privacy-pages';
import { clientIp, field } from './sign-in';

export function ownerSettingsRoutes(deps: PersonalDataDeps & LostReasonDeps & { retentionDays: number }, shopName: string): Router {
  const router = Router();
  const viewerOf = (req: Request) => {
    const signedIn = signedInOf(req)!;
    return { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
  };
  const actorOf = (req: Request) => ({ staffId: signedInOf(req)!.staff.id, ip: clientIp(req) });
  const privacyPage = (req: Request, res: Response, status: number, options: Omit<Parameters<typeof renderPrivacyPage>[2], 'retentionDays'> = {}) =>
    res.status(status).type('html').send(renderPrivacyPage(shopName, viewerOf(req), { retentionDays: deps.retentionDays, ...options }));

  router.get('/privacy', requireOwner, (req, res) => privacyPage(req, res, 200));

  router.post('/privacy/:step', requireOwner, async (req, res) => {
    const step = req.params.step;
    const email = field(req, 'email');
    try {
      if (step === 'find') {
        const found = await findPersonalData(deps, email, actorOf(req));
        return privacyPage(req, res, 200, found);
      }
      if (step === 'export') {
        const { json, at } = await exportPersonalData(deps, email, actorOf(req));
        return res
          .status(200)
          .set('Content-Type', 'application/json; charset=utf-8')
          .set('Content-Disposition', `attachment; filename="personal-data-${at.toISOString().slice(0, 10)}.json"`)
          .send(json);
      }
      if (step === 'erase') {
        const counts = await erasePersonalData(deps, email, field(req, 'confirm') === 'yes', actorOf(req));
        return privacyPage(req, res, 200, { ok: `Erased: ${describeCounts(counts)}.` });
      }
    } catch (error) {
      if (!(error instanceof PrivacyProblem)) throw error;
      return privacyPage(req, res, error.status, { error: error.message });
    }
    return privacyPage(req, res, 404, { error: 'There is no such action.' });
  });

  const reasonsPage = async (req: Request, res: Response, status: number, message: Parameters<typeof renderLostReasonsPage>[3] = {}) =>
    res.status(status).type('html').send(renderLostReasonsPage(shopName, viewerOf(req), await deps.lostReasons.list(), message));

  router.get('/settings/lost-reasons', requireOwner, (req, res) => reasonsPage(req, res, 200));

  const reasonAction = (path: string, act: (req: Request) => Promise<string>) =>
    router.post(path, requireOwner, async (req, res) => {
      try {
        const ok = await act(req);
        return reasonsPage(req, res, 200, { ok });
      } catch (error) {
        if (!(error instanceof LostReasonProblem)) throw error;
        // A label refused (add or rename) goes back into its field as typed, its problem linked to it.
        const id = path.endsWith('/rename') ? (req.params.id as string) : path.endsWith('/retire') ? undefined : null;
        if (id === undefined) return reasonsPage(req, res, error.status, { error: error.message });
        return reasonsPage(req, res, error.status, { problems: [{ field: reasonFieldId(id), message: error.message }], typed: { id, label: field(req, 'label').slice(0, 500) } });
      }
    });
  reasonAction('/settings/lost-reasons', async (req) => `“${(await addLostReason(deps, field(req, 'label'), actorOf(req))).label}” is added.`);
  reasonAction('/settings/lost-reasons/:id/rename', async (req) => {
    await renameLostReason(deps, req.params.id as string, field(req, 'label'), actorOf(req));
    return 'The reason is renamed.';
  });
  reasonAction('/settings/lost-reasons/:id/retire', async (req) => `“${(await retireLostReason(deps, req.params.id as string, actorOf(req))).label}” is retired.`);

  return router;
}

// The upload page: a drawing sent as a plain multipart form (the shared reader, up to 5 MiB), imported,
// and the part it gave opened with its material, thickness and quantity to choose, priced and ordered.
import { BOUNDS, PAGE_ROUTES, PUBLIC_PATHS, ServiceError } from '@shop/contracts';
import { continueIfAsked, readMultipart } from '@shop/runtime';
import type { Request, Response } from 'express';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { toLocalHref } from '../../pages/links';
import { PLATE_FORM_COOKIE } from '../../pages/form-token';
import { renderImportQuoterPage, renderUploadPage } from '../../pages/upload-page';
import { checkFormToken, formField, issueFormToken, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

interface UploadedDrawing {
  file: Buffer | null;
  filename: string | null;
  units: string;
  formToken: string | undefined;
}

/** A file's name as sent by the browser, fit to be shown: control characters (line breaks) as spaces, at most 120 characters. */
function cleanFilename(name: string | undefined): string | null {
  const clean = (name ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, BOUNDS.filenameLength).trim();
  return clean === '' ? null : clean;
}

/**
 * Reads the form: its token, the drawing's bytes (up to 5 MiB exactly; one file only), its name and
 * the units chosen. The form sends its token before the file, and the token is checked before a byte
 * of the file is kept: a post from another site is refused without reading the drawing into memory.
 * A body cut short or malformed is refused (400) by the shared reader, never thrown at the process.
 */
async function readUpload(req: Request, checkToken: (formToken: string | undefined) => void): Promise<UploadedDrawing> {
  let tokenChecked = false;
  // The fields as they arrive: the token comes before the file.
  const seen: Record<string, string> = {};
  const form = await readMultipart(
    req,
    { fileBytes: BOUNDS.dxfBytes, files: 1, fields: 5, fieldBytes: 1024 },
    {
      acceptFile: (name) => {
        checkToken(seen.form_token);
        tokenChecked = true;
        return name === 'drawing';
      },
      onField: (name, value) => {
        seen[name] = value;
      },
    },
  );
  if (!tokenChecked) checkToken(form.fields.form_token);
  const upload: UploadedDrawing = { file: null, filename: null, units: form.fields.units ?? '', formToken: form.fields.form_token };
  const drawing = form.files.find((file) => file.name === 'drawing');
  if (drawing?.tooLarge) {
    throw new ServiceError('body_too_large', `The drawing is larger than ${BOUNDS.dxfBytes / 1024 / 1024} MiB; remove what is not the part (title block, other views) or send one part per file.`);
  }
  if (form.tooManyFiles) throw new ServiceError('parameter_invalid', 'Send one drawing at a time: the form held more than one file, and only one part is read per drawing.', { param: 'drawing' });
  if (drawing?.bytes && drawing.bytes.length > 0) {
    upload.file = drawing.bytes;
    upload.filename = cleanFilename(drawing.filename);
  }
  return upload;
}

/** `stock` (material|thickness) and `quantity` as the import's choice; undefined when nothing was chosen. */
function choiceOf(stock: unknown, quantity: unknown): Record<string, unknown> | undefined {
  if (typeof stock !== 'string' || stock === '') return undefined;
  const [material, thickness] = stock.split('|');
  return { material, thickness_in: thickness, quantity };
}

export function mountUploadPages({ router, run, service, ctx, config, sendPage, parseForm, drawingGate }: PageKit): void {
  const shopName = config.shopName;
  const tokenFor = (req: Request, res: Response) => issueFormToken(req, res, PLATE_FORM_COOKIE);

  router.get(
    PAGE_ROUTES.plateUpload,
    setPageSecurityHeaders,
    run(async (req, res) => {
      sendPage(res, 200, renderUploadPage({ shopName, error: null, units: '', formToken: tokenFor(req, res) }));
    }),
  );

  router.post(
    PAGE_ROUTES.plateUpload,
    setPageSecurityHeaders,
    refuseCrossSite,
    run(async (req, res) => {
      let units = '';
      let formToken: string | undefined;
      try {
        // Room in the drawing queue and under the cap of drawing bytes held, then the limit: a
        // refused upload is refused before its megabytes are read (and the connection closed, so
        // the rest of the file is not even received).
        try {
          drawingGate.reserve(req, res, ctx(req).clientIp);
        } catch (error) {
          res.setHeader('Connection', 'close');
          throw error;
        }
        const context = ctx(req);
        const admission = await service.admitDrawing({ clientIp: context.clientIp, route: PAGE_ROUTES.plateUpload, key: undefined, now: context.now }).catch((error: unknown) => {
          res.setHeader('Connection', 'close');
          throw error;
        });
        continueIfAsked(req, res);
        const upload = await readUpload(req, (token) => checkFormToken(req, PLATE_FORM_COOKIE, token));
        units = upload.units;
        formToken = upload.formToken;
        if (upload.file === null) throw new ServiceError('parameter_missing', 'Choose the drawing file to send.', { param: 'drawing' });
        const options = { ...(units === '' ? {} : { units }), ...(upload.filename === null ? {} : { filename: upload.filename }) };
        const found = await service.importDrawing({ file: upload.file, options, admission }, context);
        res.redirect(303, PUBLIC_PATHS.plateImportQuoter(found.id));
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status >= 500 || error.status === 429) throw error;
        if (error.code === 'cross_site_request') {
          // A refused form was not read to its end: the connection is not kept for another request.
          res.setHeader('Connection', 'close');
          throw error;
        }
        sendPage(res, error.status, renderUploadPage({ shopName, error: error.message, units, formToken: formToken ?? tokenFor(req, res) }));
      }
    }),
  );

  router.get(
    PAGE_ROUTES.plateImportQuoter,
    setPageSecurityHeaders,
    run(async (req, res) => {
      const importId = String(req.params.import_id);
      const choice = choiceOf(req.query.stock, req.query.quantity);
      let page;
      let choiceError: string | null = null;
      try {
        page = await service.priceImport(importId, choice, ctx(req));
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 422 || choice === undefined) throw error;
        choiceError = error.message;
        page = await service.priceImport(importId, undefined, ctx(req));
      }
      const materials = service.catalogSummary().materials;
      const formToken = tokenFor(req, res);
      sendPage(res, choiceError ? 422 : 200, renderImportQuoterPage({ shopName, page, materials, choiceError, formToken }));
    }),
  );

  router.post(
    PAGE_ROUTES.plateImportOrder,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      checkFormToken(req, PLATE_FORM_COOKIE, formField(req, 'form_token'));
      const handoff = await service.orderImport(String(req.params.import_id), choiceOf(formField(req, 'stock'), formField(req, 'quantity')) ?? {}, ctx(req));
      res.redirect(303, toLocalHref(handoff.url, config.publicUrl));
    }),
  );
}

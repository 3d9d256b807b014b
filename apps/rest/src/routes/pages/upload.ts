// The upload page: a drawing sent as a plain multipart form (read by busboy, up to 5 MiB), imported,
// and the part it gave opened with its material, thickness and quantity to choose, priced and ordered.
import { BOUNDS, PAGE_ROUTES, PUBLIC_PATHS, ServiceError } from '@shop/contracts';
import busboy from 'busboy';
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
 * Reads the form: its token, the drawing's bytes (refused past 5 MiB; one file only), its name and
 * the units chosen. The form sends its token before the file, and the token is checked before a byte
 * of the file is kept: a post from another site is refused without reading the drawing into memory.
 */
function readUpload(req: Request, checkToken: (formToken: string | undefined) => void): Promise<UploadedDrawing> {
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: { fileSize: BOUNDS.dxfBytes, files: 1, fields: 5, fieldSize: 1024 } });
    } catch {
      reject(new ServiceError('unsupported_media_type', 'Send the drawing with the form on this page (multipart/form-data).'));
      return;
    }
    const upload: UploadedDrawing = { file: null, filename: null, units: '', formToken: undefined };
    let tooLarge = false;
    let tokenChecked = false;
    let refused = false;
    const refuse = (error: unknown) => {
      refused = true;
      req.unpipe(form);
      reject(error);
    };
    /** Checks the token once; false (and the form refused) when it does not match. */
    const tokenMatches = () => {
      if (tokenChecked) return true;
      try {
        checkToken(upload.formToken);
      } catch (error) {
        refuse(error);
        return false;
      }
      tokenChecked = true;
      return true;
    };
    let tooMany = false;
    // A second file is not read: busboy drops it, and the person is told.
    form.on('filesLimit', () => {
      tooMany = true;
    });
    form.on('file', (name, stream, info) => {
      if (refused || !tokenMatches()) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (name === 'drawing' && chunks.length > 0) {
          upload.file = Buffer.concat(chunks);
          upload.filename = cleanFilename(info.filename);
        }
      });
    });
    form.on('field', (name, value) => {
      if (name === 'units') upload.units = value;
      if (name === 'form_token') upload.formToken = value;
    });
    form.on('error', () => reject(new ServiceError('invalid_json', 'The form could not be read; send it again from this page.')));
    form.on('close', () => {
      if (refused || !tokenMatches()) return;
      if (tooLarge) reject(new ServiceError('body_too_large', `The drawing is larger than ${BOUNDS.dxfBytes / 1024 / 1024} MiB; remove what is not the part (title block, other views) or send one part per file.`));
      else if (tooMany) reject(new ServiceError('parameter_invalid', 'Send one drawing at a time: the form held more than one file, and only one part is read per drawing.', { param: 'drawing' }));
      else resolve(upload);
    });
    req.pipe(form);
  });
}

/** `stock` (material|thickness) and `quantity` as the import's choice; undefined when nothing was chosen. */
function choiceOf(stock: unknown, quantity: unknown): Record<string, unknown> | undefined {
  if (typeof stock !== 'string' || stock === '') return undefined;
  const [material, thickness] = stock.split('|');
  return { material, thickness_in: thickness, quantity };
}

export function mountUploadPages({ router, run, service, ctx, config, sendPage, parseForm }: PageKit): void {
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
        // The limit first: a refused upload is refused before its megabytes are read (and the
        // connection closed, so the rest of the file is not even received).
        const context = ctx(req);
        const admission = await service.admitDrawing({ clientIp: context.clientIp, route: PAGE_ROUTES.plateUpload, key: undefined, now: context.now }).catch((error: unknown) => {
          res.setHeader('Connection', 'close');
          throw error;
        });
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

// The upload page: a drawing sent as a plain multipart form (read by busboy, up to 5 MiB), imported,
// and the part it gave opened with its material, thickness and quantity to choose, priced and ordered.
import { BOUNDS, PAGE_ROUTES, PUBLIC_PATHS, ServiceError } from '@shop/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { toLocalHref } from '../../pages/links';
import { renderImportQuoterPage, renderUploadPage } from '../../pages/upload-page';
import { formField, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

interface UploadedDrawing {
  file: Buffer | null;
  filename: string | null;
  units: string;
}

/** Reads the form: the drawing's bytes (refused past 5 MiB), its name and the units chosen. */
function readUpload(req: Request): Promise<UploadedDrawing> {
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: { fileSize: BOUNDS.dxfBytes, files: 1, fields: 5, fieldSize: 1024 } });
    } catch {
      reject(new ServiceError('unsupported_media_type', 'Send the drawing with the form on this page (multipart/form-data).'));
      return;
    }
    const upload: UploadedDrawing = { file: null, filename: null, units: '' };
    let tooLarge = false;
    form.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (name === 'drawing' && chunks.length > 0) {
          upload.file = Buffer.concat(chunks);
          upload.filename = info.filename ? info.filename.slice(0, BOUNDS.filenameLength) : null;
        }
      });
    });
    form.on('field', (name, value) => {
      if (name === 'units') upload.units = value;
    });
    form.on('error', () => reject(new ServiceError('invalid_json', 'The form could not be read; send it again from this page.')));
    form.on('close', () => {
      if (tooLarge) reject(new ServiceError('body_too_large', `The drawing is larger than ${BOUNDS.dxfBytes / 1024 / 1024} MB; remove what is not the part (title block, other views) or send one part per file.`));
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

  router.get(
    PAGE_ROUTES.plateUpload,
    setPageSecurityHeaders,
    run(async (_req, res) => {
      sendPage(res, 200, renderUploadPage({ shopName, error: null, units: '' }));
    }),
  );

  router.post(
    PAGE_ROUTES.plateUpload,
    setPageSecurityHeaders,
    refuseCrossSite,
    run(async (req, res) => {
      let units = '';
      try {
        // The limit first: a refused upload is refused before its megabytes are read (and the
        // connection closed, so the rest of the file is not even received).
        const context = ctx(req);
        const admission = await service.admitDrawing({ clientIp: context.clientIp, route: PAGE_ROUTES.plateUpload, key: undefined, now: context.now }).catch((error: unknown) => {
          res.setHeader('Connection', 'close');
          throw error;
        });
        const upload = await readUpload(req);
        units = upload.units;
        if (upload.file === null) throw new ServiceError('parameter_missing', 'Choose the drawing file to send.', { param: 'drawing' });
        const options = { ...(units === '' ? {} : { units }), ...(upload.filename === null ? {} : { filename: upload.filename }) };
        const found = await service.importDrawing({ file: upload.file, options, admission }, context);
        res.redirect(303, PUBLIC_PATHS.plateImportQuoter(found.id));
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status >= 500 || error.status === 429) throw error;
        sendPage(res, error.status, renderUploadPage({ shopName, error: error.message, units }));
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
      sendPage(res, choiceError ? 422 : 200, renderImportQuoterPage({ shopName, page, materials, choiceError }));
    }),
  );

  router.post(
    PAGE_ROUTES.plateImportOrder,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      const handoff = await service.orderImport(String(req.params.import_id), choiceOf(formField(req, 'stock'), formField(req, 'quantity')) ?? {}, ctx(req));
      res.redirect(303, toLocalHref(handoff.url, config.publicUrl));
    }),
  );
}

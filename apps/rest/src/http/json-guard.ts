// Refuses JSON bodies nested deeper than any request needs, before validation walks them: a 256 KiB
// body can nest 100,000 levels, and recursive code (validation, serialising an error) would then
// run out of stack.
import { ServiceError } from '@shop/contracts';
import type { RequestHandler } from 'express';
import { MAX_JSON_DEPTH, measureJsonDepth } from '@shop/runtime';

export const limitJsonDepth: RequestHandler = (req, _res, next) => {
  if (measureJsonDepth(req.body) > MAX_JSON_DEPTH) {
    next(
      new ServiceError('invalid_json', `The body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; no request needs more than 6.`),
    );
    return;
  }
  next();
};

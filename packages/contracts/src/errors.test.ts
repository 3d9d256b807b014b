import { HandoffRequest, ProfileQuery, QuoteRequest, RfqLinkRequest, ServiceError, formatParam, parseRequest } from './index';

function failure(schema: Parameters<typeof parseRequest>[0], input: unknown): ServiceError {
  try {
    parseRequest(schema, input);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

const plate = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 } };

describe('toParameterError', () => {
  it('formats a path with indexes', () => {
    expect(formatParam(['items', 2, 'outline', 'width_in'])).toBe('items[2].outline.width_in');
    expect(formatParam([])).toBe('');
  });

  it('names an out-of-range field with parameter_invalid', () => {
    const error = failure(QuoteRequest, { items: [plate, { ...plate, outline: { kind: 'rectangle', width_in: 130, height_in: 4 } }] });
    expect(error).toMatchObject({ status: 422, type: 'invalid_request_error', code: 'parameter_invalid', param: 'items[1].outline.width_in', retryable: false });
    expect(error.message).toBe('outline.width_in must be at most 120.');
    expect(error.param).toBe('items[1].outline.width_in');
  });

  it('names a missing field with parameter_missing', () => {
    const error = failure(QuoteRequest, { items: [{ ...plate, outline: { kind: 'rectangle', width_in: 6 } }] });
    expect(error).toMatchObject({ code: 'parameter_missing', param: 'items[0].outline.height_in' });
    expect(failure(QuoteRequest, {})).toMatchObject({ code: 'parameter_missing', param: 'items' });
    expect(failure(QuoteRequest, { items: [{ material: 'mild_steel' }] })).toMatchObject({ code: 'parameter_missing', param: 'items[0].kind' });
  });

  it('reports an unknown key before any other problem', () => {
    const error = failure(QuoteRequest, { items: [{ ...plate, thickness_in: 9, colour: 'red' }] });
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'items[0].colour' });
    expect(error.details).toEqual({ errors: expect.arrayContaining([expect.objectContaining({ param: 'items[0].thickness_in' })]), errors_total: 2 });
  });

  it('lists at most ten problems and counts them all, however many the request has', () => {
    const holes = Array.from({ length: 200 }, () => ({ kind: 'single', x_in: -1, y_in: -1, diameter_in: -1 }));
    const error = failure(QuoteRequest, { items: [{ ...plate, holes }] });
    expect(error.details?.errors).toHaveLength(10);
    expect(error.details?.errors_total).toBe(600);
    expect(JSON.stringify(error.toBody('req_x')).length).toBeLessThan(4_096);
  });

  it('cuts an unknown key of 100,000 characters to a short param and a bounded message', () => {
    const key = 'k'.repeat(100_000);
    const error = failure(QuoteRequest, { items: [{ ...plate, [key]: 1 }] });
    expect(error.code).toBe('parameter_unknown');
    expect(error.param).toBe(`items[0].${'k'.repeat(63)}…`);
    expect(JSON.stringify(error.toBody('req_x')).length).toBeLessThan(1_024);
  });

  it('never carries a message over 1,000 characters or a param over 200', () => {
    const error = new ServiceError('route_not_found', 'x'.repeat(5_000), { param: 'p'.repeat(5_000) });
    expect(error.message).toHaveLength(1_000);
    expect(error.message.endsWith('…')).toBe(true);
    expect(error.param).toHaveLength(200);
  });

  it('refuses personal-data keys on a quote-request link as unknown', () => {
    const error = failure(RfqLinkRequest, { description: 'Gate hinge plates', email: 'a@b.c' });
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'email' });
  });

  it('gives quantity, material and thickness of an item their own codes', () => {
    expect(failure(QuoteRequest, { items: [{ kind: 'product', slug: 'x', tier: 'kit', quantity: 51 }] })).toMatchObject({
      code: 'quantity_out_of_range',
      param: 'items[0].quantity',
    });
    expect(failure(QuoteRequest, { items: [{ ...plate, quantity_options: [5, 1000] }] })).toMatchObject({
      code: 'quantity_out_of_range',
      param: 'items[0].quantity_options[1]',
    });
    expect(failure(QuoteRequest, { items: [{ ...plate, material: 'titanium' }] })).toMatchObject({ code: 'material_unavailable', param: 'items[0].material' });
    expect(failure(QuoteRequest, { items: [{ ...plate, thickness_in: 5 }] })).toMatchObject({ code: 'thickness_not_offered', param: 'items[0].thickness_in' });
  });

  it('names an unknown item kind', () => {
    const error = failure(QuoteRequest, { items: [{ kind: 'weldment' }] });
    expect(error).toMatchObject({ code: 'parameter_invalid', param: 'items[0].kind' });
    expect(error.message).toBe('kind must be one of "product", "plate".');
  });

  it('refuses a body that is not an object', () => {
    expect(failure(HandoffRequest, [])).toMatchObject({ code: 'parameter_invalid', param: null, message: 'The request body must be a JSON object.' });
    expect(failure(HandoffRequest, undefined)).toMatchObject({ code: 'parameter_missing', param: null });
  });

  it('coerces and bounds the profile page size', () => {
    expect(parseRequest(ProfileQuery, { limit: '5' })).toEqual({ limit: 5 });
    expect(parseRequest(ProfileQuery, {})).toEqual({ limit: 20 });
    expect(failure(ProfileQuery, { limit: '51' })).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    expect(failure(ProfileQuery, { sort: 'name' })).toMatchObject({ code: 'parameter_unknown', param: 'sort' });
  });

  it('marks storage and rate-limit errors retryable and maps status to type', () => {
    expect(new ServiceError('storage_unavailable', 'x')).toMatchObject({ status: 503, type: 'api_error', retryable: true });
    expect(new ServiceError('rate_limited', 'x')).toMatchObject({ status: 429, type: 'rate_limit_error', retryable: true });
    expect(new ServiceError('quote_expired', 'x')).toMatchObject({ status: 409, type: 'conflict_error', retryable: false });
    expect(new ServiceError('quote_not_found', 'x')).toMatchObject({ status: 404, type: 'not_found_error' });
    expect(new ServiceError('internal_error', 'x').toBody('req_1')).toEqual({
      type: 'api_error',
      code: 'internal_error',
      message: 'x',
      request_id: 'req_1',
      param: null,
      retryable: false,
      doc_url: null,
      details: null,
    });
  });
});

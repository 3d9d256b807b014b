// The order-request form behind an order link: how the order is fulfilled and who sends it. The
// items and their prices are never part of it: they are the link's quotes', read by the service.
import { z } from './zod';

/** Canada's provinces and territories, as the form lists them. */
export const PROVINCES = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
} as const;
export type Province = keyof typeof PROVINCES;
const PROVINCE_CODES = Object.keys(PROVINCES) as Province[];
const isProvince = (value: string): value is Province => Object.hasOwn(PROVINCES, value);

export const FULFILMENTS = ['pickup', 'delivery'] as const;

// Canada Post's letters: never D, F, I, O, Q or U, and no W or Z first.
const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

const ADDRESS_FIELDS = ['address_line1', 'city', 'province', 'postal_code'] as const;
const ALL_ADDRESS_FIELDS = [...ADDRESS_FIELDS, 'address_line2'] as const;

/** A pickup's address fields are not read (the form may still hold what was typed before). */
function dropPickupAddress(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || (input as { fulfilment?: unknown }).fulfilment !== 'pickup') return input;
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const field of ALL_ADDRESS_FIELDS) delete rest[field];
  return rest;
}

/**
 * What a person sends from the order-request form. Keys it does not list (a price, an item) are
 * dropped, never read. For delivery the address is required; for pickup it is not kept.
 */
export const OrderRequestForm = z.preprocess(
  dropPickupAddress,
  z
    .object({
      fulfilment: z.enum(FULFILMENTS),
      address_line1: optionalText(100),
      address_line2: optionalText(100),
      city: optionalText(60),
      province: optionalText(40).transform((value) => (value === null ? null : value.toUpperCase())),
      postal_code: optionalText(10),
      name: z.string().trim().min(1).max(100),
      email: z.string().trim().max(254).pipe(z.email()),
      phone: optionalText(40).refine((value) => value === null || /^[+()0-9 .\-x]*$/.test(value), 'may use only digits, spaces and + ( ) . - x'),
      company: optionalText(100),
      note: optionalText(1000),
    })
    .superRefine((form, ctx) => {
      if (form.fulfilment !== 'delivery') return;
      for (const field of ADDRESS_FIELDS) {
        if (form[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'is required for delivery' });
      }
      // Checked here rather than as an enum, so every other field's problem is reported with it.
      if (form.province !== null && !isProvince(form.province)) {
        ctx.addIssue({ code: 'custom', path: ['province'], message: `must be one of ${PROVINCE_CODES.join(', ')}` });
      }
      if (form.postal_code !== null && !POSTAL_CODE.test(form.postal_code.toUpperCase())) {
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'must be a Canadian postal code, e.g. N1H 2A1' });
      }
    })
    .transform((form) => {
      const match = POSTAL_CODE.exec((form.postal_code ?? '').toUpperCase());
      return { ...form, province: form.province !== null && isProvince(form.province) ? form.province : null, postal_code: match ? `${match[1]} ${match[2]}` : form.postal_code };
    }),
);
export type OrderRequestForm = z.output<typeof OrderRequestForm>;

// Plate materials and the thicknesses sold in each.
import { listOf } from './common';
import { z } from './zod';

export const MATERIAL_IDS = ['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061'] as const;
export const MaterialId = z.enum(MATERIAL_IDS).meta({ id: 'MaterialId' });
export type MaterialId = z.infer<typeof MaterialId>;

export const LeadTime = z
  .object({
    days_min: z.int().min(0).describe('Days from the order.'),
    days_max: z.int().min(0),
    note: z.string().describe('Which days they are and what the span includes.'),
  })
  .meta({ id: 'LeadTime',
    example: { days_min: 3, days_max: 5, note: 'Business days from the order for cut plate, ready to ship or pick up.' },
  });
export type LeadTime = z.infer<typeof LeadTime>;

export const ThicknessOffer = z
  .object({
    thickness_in: z.number().describe('Quote with exactly this value.'),
    label: z.string(),
    carried: z.boolean().describe('True when the size is stocked; a size not stocked is still sold and its lead time includes bringing the plate in.'),
    lead_time: LeadTime.nullable(),
  })
  .meta({ id: 'ThicknessOffer' });
export type ThicknessOffer = z.infer<typeof ThicknessOffer>;

export const Material = z
  .object({
    object: z.literal('material'),
    id: MaterialId.describe('The value a plate item takes as `material`.'),
    name: z.string(),
    max_laser_thickness_in: z.number().describe('Nothing thicker is cut in this material.'),
    thicknesses: z.array(ThicknessOffer),
  })
  .meta({ id: 'Material' });
export type Material = z.infer<typeof Material>;

export const MaterialList = listOf(Material, 'MaterialList');
export type MaterialList = z.infer<typeof MaterialList>;

/** GET /materials takes no query parameters. */
export const MaterialsQuery = z.object({}).strict();

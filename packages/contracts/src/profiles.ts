// Structural sections usable in an assembly estimate.
import { listOf, pageCursor, pageLimit } from './common';
import { z } from './zod';

export const PROFILE_TYPES = ['I_BEAM', 'CHANNEL', 'HSS_SQUARE', 'HSS_RECT', 'ANGLE', 'FLAT_BAR', 'ROUND_BAR'] as const;
export const ProfileType = z.enum(PROFILE_TYPES).meta({ id: 'ProfileType' });
export type ProfileType = z.infer<typeof ProfileType>;

export const DimensionSpan = z
  .object({ min_in: z.number(), max_in: z.number() })
  .meta({ id: 'DimensionSpan', example: { min_in: 1, max_in: 12 } });
export type DimensionSpan = z.infer<typeof DimensionSpan>;

export const Profile = z
  .object({
    object: z.literal('profile'),
    profile_type: ProfileType,
    designation: z
      .string()
      .nullable()
      .describe('Used by W shapes (I_BEAM) and C shapes (CHANNEL), as AISC writes it.'),
    weight_lb_per_ft: z.number().nullable(),
    dimensions: z
      .record(z.string(), DimensionSpan)
      .nullable()
      .describe('For tube, angle and bar: an estimate sends every key, in inches, each inside its span.'),
    note: z.string().nullable().describe('Any rule between the dimensions.'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const ProfileList = listOf(Profile, 'ProfileList');
export type ProfileList = z.infer<typeof ProfileList>;

export const ProfileQuery = z
  .object({
    search: z
      .string()
      .max(40)
      .optional()
      .describe('Matches designations and section names, ignoring case and spaces.'),
    profile_type: ProfileType.optional(),
    limit: pageLimit,
    cursor: pageCursor,
  })
  .strict()
  .meta({ id: 'ProfileQuery' });
export type ProfileQuery = z.infer<typeof ProfileQuery>;

// Structural sections for assembly estimates: tube, angle and bar by dimensions, W and C shapes by
// AISC designation (Steel Construction Manual, 16th ed., shapes database v16.0), weight = nominal lb/ft.
import type { Profile } from '@shop/contracts';

export interface ProfileEntry {
  profile: Profile;
  /** Words the section is also known by, matched by search. */
  names: string;
}

const span = (min_in: number, max_in: number) => ({ min_in, max_in });

const DIMENSIONED: readonly ProfileEntry[] = [
  {
    names: 'HSS square tube, square tubing',
    profile: {
      object: 'profile',
      profile_type: 'HSS_SQUARE',
      designation: null,
      weight_lb_per_ft: null,
      dimensions: { size_in: span(0.75, 12), wall_in: span(0.065, 0.625) },
      note: 'wall_in must be at most a quarter of size_in.',
    },
  },
  {
    names: 'HSS rectangular tube, rectangular tubing',
    profile: {
      object: 'profile',
      profile_type: 'HSS_RECT',
      designation: null,
      weight_lb_per_ft: null,
      dimensions: { width_in: span(0.75, 12), height_in: span(1, 16), wall_in: span(0.065, 0.625) },
      note: 'height_in must be at least width_in; wall_in at most a quarter of width_in.',
    },
  },
  {
    names: 'angle, angle iron, L shape',
    profile: {
      object: 'profile',
      profile_type: 'ANGLE',
      designation: null,
      weight_lb_per_ft: null,
      dimensions: { leg_a_in: span(0.75, 8), leg_b_in: span(0.75, 8), thickness_in: span(0.125, 1) },
      note: 'leg_b_in must be at most leg_a_in; thickness_in at most a third of leg_b_in.',
    },
  },
  {
    names: 'flat bar, flat stock, strap',
    profile: {
      object: 'profile',
      profile_type: 'FLAT_BAR',
      designation: null,
      weight_lb_per_ft: null,
      dimensions: { width_in: span(0.5, 12), thickness_in: span(0.125, 2) },
      note: 'thickness_in must be less than width_in.',
    },
  },
  {
    names: 'round bar, rod, solid round',
    profile: {
      object: 'profile',
      profile_type: 'ROUND_BAR',
      designation: null,
      weight_lb_per_ft: null,
      dimensions: { diameter_in: span(0.25, 6) },
      note: null,
    },
  },
];

// Nominal depth -> weights (lb/ft) of the AISC W shapes stocked or bought in by the shop.
const W_SHAPES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [4, [13]],
  [5, [16, 19]],
  [6, [8.5, 9, 12, 15, 16, 20, 25]],
  [8, [10, 13, 15, 18, 21, 24, 28, 31, 35, 40, 48, 58, 67]],
  [10, [12, 15, 17, 19, 22, 26, 30, 33, 39, 45, 49, 54, 60, 68, 77, 88, 100, 112]],
  [12, [14, 16, 19, 22, 26, 30, 35, 40, 45, 50, 53, 58, 65, 72, 79, 87, 96, 106, 120]],
  [14, [22, 26, 30, 34, 38, 43, 48, 53, 61, 68, 74, 82, 90, 99, 109, 120, 132]],
  [16, [26, 31, 36, 40, 45, 50, 57, 67, 77, 89, 100]],
  [18, [35, 40, 46, 50, 55, 60, 65, 71, 76, 86, 97, 106, 119]],
  [21, [44, 48, 50, 55, 57, 62, 68, 73, 83, 93, 101]],
  [24, [55, 62, 68, 76, 84, 94, 103, 104, 117, 131]],
];

const C_SHAPES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [3, [3.5, 4.1, 5, 6]],
  [4, [4.5, 5.4, 6.25, 7.25]],
  [5, [6.7, 9]],
  [6, [8.2, 10.5, 13]],
  [7, [9.8, 12.2, 14.7]],
  [8, [11.5, 13.75, 18.75]],
  [9, [13.4, 15, 20]],
  [10, [15.3, 20, 25, 30]],
  [12, [20.7, 25, 30]],
  [15, [33.9, 40, 50]],
];

function designated(profileType: 'I_BEAM' | 'CHANNEL', letter: 'W' | 'C', names: string, table: typeof W_SHAPES): ProfileEntry[] {
  return table.flatMap(([depth, weights]) =>
    weights.map((weight) => ({
      names,
      profile: {
        object: 'profile' as const,
        profile_type: profileType,
        designation: `${letter}${depth}X${weight}`,
        weight_lb_per_ft: weight,
        dimensions: null,
        note: null,
      },
    })),
  );
}

/** In the order of the list: tube, angle and bar first, then W shapes and C shapes by depth and weight. */
export const PROFILE_ENTRIES: readonly ProfileEntry[] = [
  ...DIMENSIONED,
  ...designated('I_BEAM', 'W', 'W shape, wide flange, I beam', W_SHAPES),
  ...designated('CHANNEL', 'C', 'C shape, channel, American standard channel', C_SHAPES),
];

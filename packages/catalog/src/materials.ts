// Plate materials and every thickness sold, as people name them, with what the shop stocks.
import type { MaterialId } from '@shop/contracts';

export interface ThicknessStock {
  thicknessIn: number;
  label: string;
  carried: boolean;
}

export interface MaterialStock {
  id: MaterialId;
  name: string;
  /** The mill certificate that comes with the plate, as a quote lists it; null where none is supplied. */
  millCertificate: string | null;
  thicknesses: readonly ThicknessStock[];
}

const t = (thicknessIn: number, label: string, carried: boolean): ThicknessStock => ({ thicknessIn, label, carried });

// Gauge figures: Manufacturers' Standard Gauge for steel sheet, the stainless gauge table for 304/316,
// decimal sizes for aluminum (sold by the thousandth). Plate past the laser is sold uncut.
export const MATERIAL_STOCK: readonly MaterialStock[] = [
  {
    id: 'mild_steel',
    name: 'Mild steel (A36 / CSA G40.21 44W)',
    millCertificate: 'Mill test certificate (CSA G40.21 44W / ASTM A36) for the heat the plate is cut from',
    thicknesses: [
      t(0.0598, '16 ga (0.0598 in)', true),
      t(0.0747, '14 ga (0.0747 in)', true),
      t(0.1046, '12 ga (0.1046 in)', true),
      t(0.1196, '11 ga (0.1196 in)', true),
      t(0.1345, '10 ga (0.1345 in)', true),
      t(0.1875, '3/16 in', true),
      t(0.25, '1/4 in', true),
      t(0.3125, '5/16 in', false),
      t(0.375, '3/8 in', true),
      t(0.5, '1/2 in', true),
      t(0.625, '5/8 in', false),
      t(0.75, '3/4 in', true),
      t(1, '1 in', false),
      t(1.25, '1-1/4 in', false),
      t(1.5, '1-1/2 in', false),
      t(2, '2 in', false),
      t(3, '3 in', false),
      t(4, '4 in', false),
    ],
  },
  {
    id: 'stainless_304',
    name: 'Stainless steel 304',
    millCertificate: 'Mill test certificate (EN 10204 3.1, ASTM A240 304/304L) for the heat the plate is cut from',
    thicknesses: [
      t(0.0375, '20 ga (0.0375 in)', false),
      t(0.05, '18 ga (0.050 in)', true),
      t(0.0625, '16 ga (0.0625 in)', true),
      t(0.0781, '14 ga (0.0781 in)', true),
      t(0.1094, '12 ga (0.1094 in)', false),
      t(0.125, '11 ga (0.125 in)', true),
      t(0.1406, '10 ga (0.1406 in)', false),
      t(0.1875, '3/16 in', true),
      t(0.25, '1/4 in', true),
      t(0.375, '3/8 in', true),
      t(0.5, '1/2 in', false),
      t(0.625, '5/8 in', false),
      t(0.75, '3/4 in', false),
      t(1, '1 in', false),
    ],
  },
  {
    id: 'stainless_316',
    name: 'Stainless steel 316',
    millCertificate: 'Mill test certificate (EN 10204 3.1, ASTM A240 316/316L) for the heat the plate is cut from',
    thicknesses: [
      t(0.05, '18 ga (0.050 in)', false),
      t(0.0625, '16 ga (0.0625 in)', true),
      t(0.0781, '14 ga (0.0781 in)', true),
      t(0.125, '11 ga (0.125 in)', true),
      t(0.1875, '3/16 in', false),
      t(0.25, '1/4 in', true),
      t(0.375, '3/8 in', false),
      t(0.5, '1/2 in', false),
      t(0.75, '3/4 in', false),
      t(1, '1 in', false),
    ],
  },
  {
    id: 'aluminum_6061',
    name: 'Aluminum 6061-T6',
    // Bought cut-to-size from the distributor's stock, which comes without a traceable certificate.
    millCertificate: null,
    thicknesses: [
      t(0.04, '0.040 in', false),
      t(0.063, '0.063 in (1/16)', true),
      t(0.08, '0.080 in', true),
      t(0.09, '0.090 in', false),
      t(0.125, '1/8 in (0.125 in)', true),
      t(0.19, '3/16 in (0.190 in)', true),
      t(0.25, '1/4 in', true),
      t(0.375, '3/8 in', true),
      t(0.5, '1/2 in', true),
      t(0.625, '5/8 in', false),
      t(0.75, '3/4 in', false),
      t(1, '1 in', false),
    ],
  },
];

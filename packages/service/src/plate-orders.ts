// The online plate orders switch: on, off until switched on again, or paused from one moment to
// another, with the owner's words. While plate orders are closed the materials list is empty and a
// plate item is refused (material_unavailable) with a notice saying until when and what to do instead.
import { ServiceError, parseRequest, z } from '@shop/contracts';
import type { PlateOrdersState, PlateOrdersSwitchRecord } from '@shop/storage';

/** The switch as set, and what it means at one moment. */
export interface PlateOrdersStatus {
  /** Whether plate items are quoted at this moment. */
  open: boolean;
  /** As set: `paused` is closed only inside its window. */
  state: PlateOrdersState;
  pausedFrom: Date | null;
  pausedUntil: Date | null;
  /** The owner's words ('' when none). */
  message: string;
  /** While closed: why and until when, in sentences for the pages and the refusal; null while open. */
  notice: string | null;
  /** Also closed by the PLATE_ORDERS_ENABLED setting (then only the setting opens them). */
  closedBySetting: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** What an owner sets: on; off (with words); or paused from a moment until another (with words). */
export const PlateOrdersSetting = z.discriminatedUnion('state', [
  z.object({ state: z.literal('on') }).strict(),
  z.object({ state: z.literal('off'), message: z.string().trim().max(500).default('') }).strict(),
  z
    .object({
      state: z.literal('paused'),
      from: z.coerce.date(),
      until: z.coerce.date(),
      message: z.string().trim().max(500).default(''),
    })
    .strict()
    .refine((setting) => setting.until.getTime() > setting.from.getTime(), { message: 'until must be after from', path: ['until'] }),
]);
export type PlateOrdersSetting = z.input<typeof PlateOrdersSetting>;

// Dates in the notice are the shop's (Ontario) time, as a person there reads them.
const SHOP_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatShopTime(date: Date): string {
  return SHOP_TIME.format(date);
}

/** What the switch (absent: on) and the PLATE_ORDERS_ENABLED setting mean at `now`. */
export function plateOrdersAt(record: PlateOrdersSwitchRecord | undefined, enabledBySetting: boolean, now: Date): PlateOrdersStatus {
  const state = record?.state ?? 'on';
  const message = record?.message ?? '';
  const pausedFrom = record?.pausedFrom ?? null;
  const pausedUntil = record?.pausedUntil ?? null;
  const inPause = state === 'paused' && pausedFrom !== null && pausedUntil !== null && now >= pausedFrom && now < pausedUntil;
  const closedBySwitch = state === 'off' || inPause;
  const open = enabledBySetting && !closedBySwitch;
  let notice: string | null = null;
  if (!open) {
    const words = message === '' ? '' : ` ${message}`;
    notice = closedBySwitch
      ? inPause
        ? `Online plate orders are paused until ${formatShopTime(pausedUntil!)}.${words}`
        : `Online plate orders are switched off until further notice.${words}`
      : 'Online plate orders are switched off for now.';
  }
  return {
    open,
    state,
    pausedFrom,
    pausedUntil,
    message,
    notice,
    closedBySetting: !enabledBySetting,
    updatedAt: record?.updatedAt ?? null,
    updatedBy: record?.updatedBy ?? null,
  };
}

/** The next moment the switch opens or closes by itself (a pause starting or ending), after `now`. */
export function nextSwitchChange(record: PlateOrdersSwitchRecord | undefined, now: Date): Date | null {
  if (record?.state !== 'paused') return null;
  return [record.pausedFrom, record.pausedUntil].find((at): at is Date => at !== null && at > now) ?? null;
}

/** Checks an owner's setting into the row to store (422 parameter_invalid naming the field). */
export function toSwitchRecord(setting: unknown, staffId: string | null, now: Date): PlateOrdersSwitchRecord {
  const parsed = parseRequest(PlateOrdersSetting, setting);
  if (parsed.state === 'on') return { state: 'on', pausedFrom: null, pausedUntil: null, message: '', updatedAt: now, updatedBy: staffId };
  if (parsed.state === 'off') return { state: 'off', pausedFrom: null, pausedUntil: null, message: parsed.message, updatedAt: now, updatedBy: staffId };
  if (parsed.until <= now) {
    throw new ServiceError('parameter_invalid', `until must be later than now (${now.toISOString()}): a pause that has ended would change nothing.`, { param: 'until' });
  }
  return { state: 'paused', pausedFrom: parsed.from, pausedUntil: parsed.until, message: parsed.message, updatedAt: now, updatedBy: staffId };
}

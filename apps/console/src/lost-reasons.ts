// The list of reasons a request can be lost for, kept by owners: add, rename, retire, each audited.
import type { AuditLog, LostReasonRecord, LostReasonRepository } from '@shop/storage';

export interface LostReasonDeps {
  lostReasons: LostReasonRepository;
  audit: AuditLog;
  now: () => Date;
}

export const LOST_REASON_MAX = 80;

export class LostReasonProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

type Actor = { staffId: string; ip: string };

async function checkedLabel(deps: LostReasonDeps, input: string, except: number | null): Promise<string> {
  const label = input.trim().replace(/\s+/g, ' ');
  if (!label) throw new LostReasonProblem(400, 'Name the reason.');
  if (label.length > LOST_REASON_MAX) throw new LostReasonProblem(400, `A reason may be at most ${LOST_REASON_MAX} characters.`);
  const taken = (await deps.lostReasons.list()).find((reason) => reason.id !== except && reason.label.toLowerCase() === label.toLowerCase());
  if (taken) throw new LostReasonProblem(409, taken.retiredAt ? `“${taken.label}” is a retired reason already; choose another name.` : `“${taken.label}” is on the list already.`);
  return label;
}

async function existing(deps: LostReasonDeps, id: string): Promise<LostReasonRecord> {
  const reason = /^[1-9]\d{0,9}$/.test(id) ? await deps.lostReasons.get(Number(id)) : null;
  if (!reason) throw new LostReasonProblem(404, 'There is no such reason.');
  return reason;
}

export async function addLostReason(deps: LostReasonDeps, input: string, actor: Actor): Promise<LostReasonRecord> {
  const label = await checkedLabel(deps, input, null);
  const at = deps.now();
  const reason = await deps.lostReasons.add(label, at);
  await deps.audit.append({ at, staffId: actor.staffId, action: 'lost_reason_added', subject: `lost_reason/${reason.id}`, detail: { label }, ip: actor.ip });
  return reason;
}

export async function renameLostReason(deps: LostReasonDeps, id: string, input: string, actor: Actor): Promise<void> {
  const reason = await existing(deps, id);
  const label = await checkedLabel(deps, input, reason.id);
  if (label === reason.label) return;
  await deps.lostReasons.rename(reason.id, label);
  await deps.audit.append({ at: deps.now(), staffId: actor.staffId, action: 'lost_reason_renamed', subject: `lost_reason/${reason.id}`, detail: { from: reason.label, to: label }, ip: actor.ip });
}

export async function retireLostReason(deps: LostReasonDeps, id: string, actor: Actor): Promise<LostReasonRecord> {
  const reason = await existing(deps, id);
  if (reason.retiredAt !== null) throw new LostReasonProblem(409, `“${reason.label}” is retired already.`);
  const at = deps.now();
  await deps.lostReasons.retire(reason.id, at);
  await deps.audit.append({ at, staffId: actor.staffId, action: 'lost_reason_retired', subject: `lost_reason/${reason.id}`, detail: { label: reason.label }, ip: actor.ip });
  return reason;
}

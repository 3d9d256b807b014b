// An item label as the requester sent it, or null when it has to be left off.
import { findContactDetail } from './contact-patterns';
import type { ContactDetailKind } from './contact-patterns';

export type LabelProblem = 'characters' | ContactDetailKind;

export interface ScreenedLabel {
  /** The label as sent, or null when it is left off. */
  label: string | null;
  /** Why it was left off; null when it was kept (or none was sent). */
  problem: LabelProblem | null;
}

export const MAX_LABEL_LENGTH = 60;

// Letters of any alphabet (with their accents), digits, the space and - _ # . , ( ) / ' "
const ALLOWED = /^[\p{L}\p{M}0-9 \-_#.,()/'"]*$/u;

/** Keeps a label that uses only the allowed characters and reads as no link, address or phone number. */
export function screenLabel(label: string | null): ScreenedLabel {
  if (label === null) return { label: null, problem: null };
  if (label.length > MAX_LABEL_LENGTH || !ALLOWED.test(label)) return { label: null, problem: 'characters' };
  const contact = findContactDetail(label);
  if (contact !== null) return { label: null, problem: contact };
  return { label, problem: null };
}

const PROBLEM_TEXT: Record<LabelProblem, string> = {
  characters: "it may only use letters, digits, spaces and - _ # . , ( ) / ' \" (at most 60 characters)",
  url: 'it reads as a link or web address',
  email: 'it reads as an e-mail address',
  phone: 'it reads as a phone number',
};

/** The message of a `label_dropped` warning. */
export function describeLabelProblem(problem: LabelProblem): string {
  return `The label was left off: ${PROBLEM_TEXT[problem]}. The item is priced without it; send a plain name such as "Bracket A" to keep one.`;
}

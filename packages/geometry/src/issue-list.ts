// The issues of one plate, bounded whatever the design: each check adds cheap candidates (a param,
// a count, its own data) and the words are written only for the few that are shown. Per code, in
// request order, the first REPEATS_SHOWN - 1 keep their own message and the next one speaks for all
// the rest, with the total ("19,900 pairs of cutouts ... in all; the first of all: ...").
import { ISSUE_SEVERITY, REPEATS_SHOWN, compareParams } from '@shop/contracts';
import type { Issue, IssueCode } from '@shop/contracts';
import { formatCount, formatThousands } from './format';

/** One kind of finding: its code, and how to word one of them or all of them together. */
export interface IssueKind<T> {
  code: IssueCode;
  /** The message of one finding. */
  message(data: T): string;
  /** The finding in a few words, for a folded message: "holes[0] and holes[1]". */
  subject(data: T): string;
  /** Nouns for the total. */
  one: string;
  many: string;
  /**
   * The advice that fits every finding of the code, written only when shown: a check builds its
   * kinds on every plate, and most plates show no issue.
   */
  advice(): string;
}

interface Candidate {
  kind: IssueKind<never>;
  /** The field it is about, without the item prefix: `holes[3]`, `outline`, `bends[1]`. */
  param: string;
  /** How many places of the part it stands for (a group of pairs, the holes of one pattern). */
  count: number;
  data: unknown;
}

const READY: IssueKind<string> = {
  code: 'outline_invalid',
  message: (text) => text,
  subject: () => 'this',
  one: 'issue',
  many: 'issues',
  advice: () => '',
};

export class IssueList {
  private readonly groups = new Map<IssueCode, Candidate[]>();
  /** Findings counted after a code's last candidate, in request order, never shown one by one. */
  private readonly tails = new Map<IssueCode, number>();

  constructor(private readonly prefix: string) {}

  /** A finding of `kind` about `param`, standing for `count` places of the part. */
  add<T>(kind: IssueKind<T>, param: string, count: number, data: T): void {
    let list = this.groups.get(kind.code);
    if (!list) {
      list = [];
      this.groups.set(kind.code, list);
    }
    list.push({ kind: kind as IssueKind<never>, param, count, data });
  }

  /**
   * `count` more findings of `code`, coming after every candidate added for it so far (a check that
   * adds its findings in request order need not make a candidate of each beyond the shown ones).
   */
  addTail(code: IssueCode, count: number): void {
    if (count > 0) this.tails.set(code, (this.tails.get(code) ?? 0) + count);
  }

  /** Candidates a check in request order still needs to add for `code` before the rest can go to its tail. */
  openSlots(code: IssueCode): number {
    return Math.max(0, REPEATS_SHOWN + 1 - (this.groups.get(code)?.length ?? 0));
  }

  /** A single finding whose message is already written. */
  addOne(code: IssueCode, param: string, message: string): void {
    this.add({ ...READY, code }, param, 1, message);
  }

  private full(param: string): string {
    return this.prefix ? `${this.prefix}.${param}` : param;
  }

  /** The issues, at most REPEATS_SHOWN per code, each code's in request order. */
  finish(): Issue[] {
    const out: Issue[] = [];
    for (const [code, list] of this.groups) {
      // Stable: candidates of one param keep the order the check found them in. Checks mostly add
      // them in order already, so the sort is skipped when it would change nothing.
      if (!inOrder(list)) list.sort((a, b) => compareParams(a.param, b.param));
      const tail = this.tails.get(code) ?? 0;
      const shown = Math.min(list.length, REPEATS_SHOWN);
      for (let i = 0; i < shown; i++) {
        const candidate = list[i]!;
        const folded = i === REPEATS_SHOWN - 1 && (list.length > REPEATS_SHOWN || tail > 0);
        out.push({
          code,
          severity: ISSUE_SEVERITY[code],
          message: folded ? foldedMessage(list, i, tail) : candidate.kind.message(candidate.data as never),
          param: this.full(candidate.param),
        });
      }
    }
    return out;
  }
}

function inOrder(list: readonly Candidate[]): boolean {
  for (let i = 1; i < list.length; i++) {
    if (list[i]!.param !== list[i - 1]!.param && compareParams(list[i - 1]!.param, list[i]!.param) > 0) return false;
  }
  return true;
}

function foldedMessage(list: readonly Candidate[], from: number, tail: number): string {
  let total = tail;
  let rest = tail;
  for (let i = 0; i < list.length; i++) {
    total += list[i]!.count;
    if (i >= from) rest += list[i]!.count;
  }
  const subject = (c: Candidate) => c.kind.subject(c.data as never);
  const { one, many } = list[from]!.kind;
  const advice = list[from]!.kind.advice();
  const lead =
    `${formatCount(total, one, many)} in all; ${formatThousands(rest)} of them from here on, ` +
    `starting with ${subject(list[from]!)}; the first of all: ${subject(list[0]!)}.`;
  return advice ? `${lead} ${advice}` : lead;
}

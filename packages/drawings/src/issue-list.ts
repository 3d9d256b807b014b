// The issues of one import, in the order people should read them: blocking, then warnings, then
// info; a code repeated more than three times is folded into its third entry, which gives the total.
import { MAX_ISSUES, MAX_REPEATS } from './limits';
import type { DxfIssue, DxfIssueCode } from './types';

const SEVERITY_ORDER: Record<DxfIssue['severity'], number> = { blocking: 0, warning: 1, info: 2 };

export class IssueList {
  private readonly issues: DxfIssue[] = [];
  private readonly totals = new Map<DxfIssueCode, number>();

  /** Adds an issue. The message may be given as a function, called only for the repeats kept. */
  add(code: DxfIssueCode, severity: DxfIssue['severity'], message: string | (() => string)): void {
    const total = (this.totals.get(code) ?? 0) + 1;
    this.totals.set(code, total);
    if (total <= MAX_REPEATS) this.issues.push({ code, severity, message: typeof message === 'string' ? message : message() });
  }

  /** The issues sorted and folded, at most 25. */
  list(): DxfIssue[] {
    const seen = new Map<DxfIssueCode, number>();
    const out = this.issues.map((issue) => {
      const index = (seen.get(issue.code) ?? 0) + 1;
      seen.set(issue.code, index);
      const total = this.totals.get(issue.code) ?? 0;
      if (index === MAX_REPEATS && !(total <= MAX_REPEATS)) {
        return { ...issue, message: `${issue.message} (and ${(total - MAX_REPEATS).toLocaleString('en-US')} more like it: ${total.toLocaleString('en-US')} in all)` };
      }
      return issue;
    });
    return out
      .map((issue, index) => ({ issue, index }))
      .sort((p, q) => SEVERITY_ORDER[p.issue.severity] - SEVERITY_ORDER[q.issue.severity] || p.index - q.index)
      .slice(0, MAX_ISSUES)
      .map(({ issue }) => issue);
  }
}

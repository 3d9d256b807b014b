// Issues in SPEC.md's shape and key order, with the severity the contract gives each code.
import { ISSUE_SEVERITY } from '@shop/contracts';
import type { Issue, IssueCode } from '@shop/contracts';

export function makeIssue(code: IssueCode, message: string, param: string | null): Issue {
  return { code, severity: ISSUE_SEVERITY[code], message, param };
}

const RANK = { blocking: 0, warning: 1, info: 2 } as const;

/** Blocking first, then warnings, then information; the order within each kept. */
export function sortIssues(issues: Issue[]): Issue[] {
  return issues.length < 2 ? issues : issues.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
}

export function hasBlocking(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.severity === 'blocking');
}

// Issues in the contract's shape and key order, with the severity the contract gives each code.
import { ISSUE_SEVERITY, orderItemIssues } from '@shop/contracts';
import type { Issue, IssueCode } from '@shop/contracts';

export function makeIssue(code: IssueCode, message: string, param: string | null): Issue {
  return { code, severity: ISSUE_SEVERITY[code], message, param };
}

/** Blocking first, then warnings, then information, each in request order; at most MAX_ITEM_ISSUES. */
export function sortIssues(issues: Issue[]): Issue[] {
  return issues.length < 2 ? issues : orderItemIssues(issues);
}

export function hasBlocking(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.severity === 'blocking');
}

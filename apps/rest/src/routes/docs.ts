// The API reference page at /docs: Swagger UI from its npm package, served from here (no third-party requests).
import path from 'node:path';
import { ERROR_CODES, ERROR_DOCS, ERROR_STATUS, ISSUE_CODES, ISSUE_DOCS, ISSUE_SEVERITY, errorTypeForStatus, isRetryableCode } from '@shop/contracts';
import escapeHtml from 'escape-html';
import express from 'express';
import type { Express } from 'express';

const PUBLIC_DIR = path.join(__dirname, '..', '..', 'public');
// The package folder, found without requiring the package: its entry executes the 1.4 MB browser
// bundle, which cost about a fifth of the app's start-up.
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The codes reference under the interactive reference: every error and issue code, each with its anchor. */
function renderCodes(): string {
  const errors = ERROR_CODES.map((code) => {
    const doc = ERROR_DOCS[code];
    const status = ERROR_STATUS[code];
    return `<tr id="error-${code}"><td><code>${code}</code></td><td>${status}</td><td>${errorTypeForStatus(status)}</td><td>${isRetryableCode(code) ? 'yes' : 'no'}</td><td>${escapeHtml(doc.meaning)}</td><td>${escapeHtml(doc.action)}</td></tr>`;
  }).join('\n');
  const issues = ISSUE_CODES.map((code) => {
    const doc = ISSUE_DOCS[code];
    return `<tr id="issue-${code}"><td><code>${code}</code></td><td>${ISSUE_SEVERITY[code]}</td><td>${escapeHtml(doc.meaning)}</td><td>${escapeHtml(doc.action)}</td></tr>`;
  }).join('\n');
  return `<section class="codes" id="codes">
<h2 id="errors">Error codes</h2>
<p>Every non-2xx answer is <code>{"error": {type, code, message, request_id, param, retryable, doc_url, details}}</code>; <code>doc_url</code> opens the row of its code here. Branch on <code>type</code>, then <code>code</code>; a tool of the MCP server answers the same code and message.</p>
<table><thead><tr><th>code</th><th>HTTP</th><th>type</th><th>retryable</th><th>when</th><th>what to do</th></tr></thead>
<tbody>
${errors}
</tbody></table>
<h2 id="issues">Issue codes</h2>
<p>Issues ride on a quoted item (a normal 201 answer). A <strong>blocking</strong> issue stops the item: act on its message and ask for a new quote. At most 25 per item, blocking first; a code repeated past three is folded into the third, whose message gives the total.</p>
<table><thead><tr><th>code</th><th>severity</th><th>when</th><th>what to do</th></tr></thead>
<tbody>
${issues}
</tbody></table>
</section>`;
}

const STYLE = `body{margin:0}
.codes{font-family:sans-serif;max-width:1460px;margin:0 auto;padding:0 20px 40px;color:#3b4151}
.codes table{border-collapse:collapse;width:100%;font-size:14px}
.codes th,.codes td{border-bottom:1px solid #e0e0e0;padding:6px 8px;text-align:left;vertical-align:top}
.codes tr:target{background:#fff7d6}
.codes code{font-size:13px}`;

const page = (): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>${STYLE}</style>
</head>
<body>
<div id="swagger-ui"></div>
${renderCodes()}
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

export function mountDocs(app: Express): void {
  // Built on first request, then kept: the codes do not change while the process runs.
  let html: string | undefined;
  app.get('/docs', (_req, res) => {
    html ??= page();
    res.type('html').send(html);
  });
  app.get('/docs/init.js', (_req, res) => {
    res.sendFile(path.join(PUBLIC_DIR, 'docs-init.js'));
  });
  app.use('/docs/assets', express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d' }));
}

// The API reference at /docs: the error and issue codes as a light server-rendered page every
// error's `doc_url` opens at its anchor (readable on a phone, no script), and the interactive
// explorer (Swagger UI from its npm package, served from here) on a page of its own, /docs/explorer.
import path from 'node:path';
import { ERROR_CODES, ERROR_DOCS, ERROR_STATUS, ISSUE_CODES, ISSUE_DOCS, ISSUE_SEVERITY, errorTypeForStatus, isRetryableCode } from '@shop/contracts';
import escapeHtml from 'escape-html';
import type { Express, Request, Response } from 'express';
import { chooseEncoding, serveStaticAssets } from './pages/static-assets';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const PUBLIC_DIR = path.join(__dirname, '..', '..', 'public');
// The package folder, found without requiring the package: its entry executes the 1.4 MB browser
// bundle, which cost about a fifth of the app's start-up.
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;
/** The explorer's files at an address naming their version: kept by browsers for good. */
const EXPLORER_ASSETS = `/docs/assets/${SWAGGER_UI_VERSION}`;

const STYLE = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#fff}
.wrap{max-width:880px;margin:0 auto;padding:0 16px 40px}
header{background:#1d4f91;color:#fff}
header .wrap{padding:12px 16px}
header a{color:#fff}
h1{font-size:1.6rem;margin:20px 0 8px}
h2{font-size:1.3rem;margin:32px 0 8px;border-bottom:2px solid #d7dde5;padding-bottom:4px}
a{color:#1d4f91}
a:focus-visible,input:focus-visible,button:focus-visible,summary:focus-visible{outline:3px solid #b45309;outline-offset:2px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.95em;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
nav ul{padding-left:20px}
.find{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:16px 0}
.find label{display:block;font-weight:600;width:100%}
.find input{font:inherit;padding:8px;border:1px solid #5b6472;border-radius:4px;min-width:0;flex:1 1 12em}
.find button{font:inherit;padding:8px 14px;border:0;border-radius:4px;background:#1d4f91;color:#fff;cursor:pointer}
.code{border:1px solid #d7dde5;border-radius:6px;padding:12px 14px;margin:12px 0;overflow-wrap:anywhere}
.code:target{border-color:#b45309;background:#fff7e6}
.code h3{margin:0 0 6px;font-size:1.05rem}
.facts{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0 0 8px;padding:0;list-style:none;color:#374151;font-size:.95rem}
.code dl{margin:0}
.code dt{font-weight:600}
.code dd{margin:0 0 6px}
.muted{color:#4b5563}`;

interface CodeEntry {
  id: string;
  code: string;
  facts: string[];
  meaning: string;
  action: string;
}

const ERROR_ENTRIES: CodeEntry[] = ERROR_CODES.map((code) => {
  const status = ERROR_STATUS[code];
  return {
    id: `error-${code}`,
    code,
    facts: [`HTTP ${status}`, `type ${errorTypeForStatus(status)}`, isRetryableCode(code) ? 'retryable' : 'not retryable'],
    meaning: ERROR_DOCS[code].meaning,
    action: ERROR_DOCS[code].action,
  };
});

const ISSUE_ENTRIES: CodeEntry[] = ISSUE_CODES.map((code) => ({
  id: `issue-${code}`,
  code,
  facts: [`severity ${ISSUE_SEVERITY[code]}`],
  meaning: ISSUE_DOCS[code].meaning,
  action: ISSUE_DOCS[code].action,
}));

function renderEntry(entry: CodeEntry): string {
  return `<section class="code" id="${entry.id}" aria-labelledby="${entry.id}-name">
<h3 id="${entry.id}-name"><code>${entry.code}</code></h3>
<ul class="facts">${entry.facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>
<dl><dt>When</dt><dd>${escapeHtml(entry.meaning)}</dd><dt>What to do</dt><dd>${escapeHtml(entry.action)}</dd></dl>
</section>`;
}

/** Entries whose code or words hold every word of `find` (case-insensitive); all of them without one. */
function matching(entries: CodeEntry[], find: string): CodeEntry[] {
  const words = find.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.code} ${entry.facts.join(' ')} ${entry.meaning} ${entry.action}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The codes reference: every error and issue code under its own anchor, narrowed by `find` when given. */
function renderCodesPage(find = ''): string {
  const errors = matching(ERROR_ENTRIES, find);
  const issues = matching(ISSUE_ENTRIES, find);
  const narrowed = find.trim() !== '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference: error and issue codes</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="wrap"><strong>API reference</strong></div></header>
<main class="wrap">
<h1>Error and issue codes</h1>
<p>Every non-2xx answer is <code>{"error": {type, code, message, request_id, param, retryable, doc_url, details}}</code>; <code>doc_url</code> opens the code's entry on this page. Branch on <code>type</code>, then <code>code</code>; a tool of the MCP server answers the same code and message.</p>
<p>The endpoints, their fields and examples: the <a href="/docs/explorer">interactive explorer</a> (a large script) or the OpenAPI document, <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a>.</p>
<form class="find" method="get" action="/docs" role="search">
<label for="find">Find a code or a word</label>
<input id="find" name="find" type="search" maxlength="80" value="${escapeHtml(find)}" autocomplete="off">
<button type="submit">Find</button>
</form>
${narrowed ? `<p class="muted" role="status">${errors.length + issues.length} of ${ERROR_ENTRIES.length + ISSUE_ENTRIES.length} codes hold "${escapeHtml(find)}". <a href="/docs">Show every code</a>.</p>` : ''}
<nav aria-label="On this page"><ul><li><a href="#errors">Error codes (${errors.length})</a></li><li><a href="#issues">Issue codes (${issues.length})</a></li></ul></nav>
<h2 id="errors">Error codes</h2>
${errors.map(renderEntry).join('\n')}
<h2 id="issues">Issue codes</h2>
<p>Issues ride on a quoted item (a normal 201 answer). A <strong>blocking</strong> issue stops the item: act on its message and ask for a new quote. At most 25 per item, blocking first; a code repeated past three is folded into the third, whose message gives the total.</p>
${issues.map(renderEntry).join('\n')}
</main>
</body>
</html>
`;
}

const explorerPage = (): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API explorer</title>
<link rel="stylesheet" href="${EXPLORER_ASSETS}/swagger-ui.css">
</head>
<body>
<p style="font-family:sans-serif;margin:12px 20px"><a href="/docs">Error and issue codes</a></p>
<div id="swagger-ui"></div>
<script src="${EXPLORER_ASSETS}/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/** A page built once, kept raw and compressed. */
interface Kept {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function keep(text: string): Kept {
  const raw = Buffer.from(text);
  return { raw, br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(raw, { level: 9 }) };
}

function sendKept(req: Request, res: Response, kept: Kept, cacheControl: string): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== null) res.setHeader('Content-Encoding', encoding);
  res.type('html').send(encoding === 'br' ? kept.br : encoding === 'gzip' ? kept.gzip : kept.raw);
}

export function mountDocs(app: Express): void {
  // Built on first request, then kept: the codes do not change while the process runs.
  let codes: Kept | undefined;
  let explorer: Kept | undefined;
  app.get('/docs', (req, res) => {
    const find = typeof req.query.find === 'string' ? req.query.find.slice(0, 80) : '';
    if (find.trim() !== '') {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('html').send(renderCodesPage(find));
      return;
    }
    codes ??= keep(renderCodesPage());
    sendKept(req, res, codes, 'public, max-age=300');
  });
  app.get('/docs/explorer', (req, res) => {
    explorer ??= keep(explorerPage());
    sendKept(req, res, explorer, 'public, max-age=300');
  });
  const initJs = serveStaticAssets(PUBLIC_DIR, { maxAgeSeconds: 3600, immutable: () => false });
  app.get('/docs/init.js', (req, res, next) => {
    req.url = '/docs-init.js';
    initJs(req, res, next);
  });
  // The versioned address is immutable; the plain one (older pages, bookmarks) is kept a day.
  app.use(EXPLORER_ASSETS, serveStaticAssets(SWAGGER_UI_DIR, { maxAgeSeconds: 86_400, immutable: () => true }));
  app.use('/docs/assets', serveStaticAssets(SWAGGER_UI_DIR, { maxAgeSeconds: 86_400, immutable: () => false }));
}

// The API reference page at /docs: Swagger UI from its npm package, served from here (no third-party requests).
import path from 'node:path';
import express from 'express';
import type { Express } from 'express';

const PUBLIC_DIR = path.join(__dirname, '..', '..', 'public');
// The package folder, found without requiring the package: its entry executes the 1.4 MB browser
// bundle, which cost about a fifth of the app's start-up.
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

export function mountDocs(app: Express): void {
  app.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  app.get('/docs/init.js', (_req, res) => {
    res.sendFile(path.join(PUBLIC_DIR, 'docs-init.js'));
  });
  app.use('/docs/assets', express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d' }));
}

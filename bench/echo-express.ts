// The ceiling for the REST bench: a bare express 5 app that parses a JSON body and echoes it, with
// the same body limit as the API and nothing else (no logging, ids, limits or storage).
// Run: PORT=4000 node --import tsx bench/echo-express.ts
import express from 'express';

const port = Number(process.env.PORT ?? 4000);
const app = express();
app.disable('x-powered-by');

app.post('/echo', express.json({ limit: '256kb' }), (req, res) => {
  res.status(201).json(req.body);
});
// The GET ceiling: a small fixed JSON answer.
app.get('/echo', (_req, res) => {
  res.json({ object: 'status', ok: true });
});

const server = app.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));

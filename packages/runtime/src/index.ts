export { readConfig } from './config';
export type { Config } from './config';
export { startRuntime } from './runtime';
export type { Runtime, RuntimeLog, RuntimeOptions } from './runtime';
export { serveUntilStopped } from './serve-http';
export type { ServeOptions } from './serve-http';
export { toBodyError } from './body-errors';
export type { BodyLimit } from './body-errors';
export { MAX_JSON_DEPTH, measureJsonDepth } from './json-depth';

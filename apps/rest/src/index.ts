export { createRestApp } from './app';
export type { RestApp, RestDeps } from './app';

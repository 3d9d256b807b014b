export { createConsoleApp } from './app';
export type { ConsoleAppOptions } from './app';
export { readConsoleConfig } from './config';
export type { ConsoleConfig } from './config';

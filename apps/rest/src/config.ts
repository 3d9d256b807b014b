// The only place the REST app reads the environment.
import { readConfig } from '@shop/runtime';
import type { Config } from '@shop/runtime';

export function loadConfig(): Config {
  return readConfig(process.env);
}

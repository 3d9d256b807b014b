// The only place the REST app reads the environment.
import { readConfig } from '@shop/service';
import type { Config } from '@shop/service';

export function loadConfig(): Config {
  return readConfig(process.env);
}

// The only place the MCP app reads the environment.
import { readConfig } from '@shop/runtime';
import type { Config } from '@shop/runtime';

export interface McpConfig extends Config {
  /**
   * Browser origins allowed to call /mcp besides loopback ones and PUBLIC_URL's (MCP_ALLOWED_ORIGINS,
   * comma-separated). Requests without an Origin header (assistants, CLIs) are always allowed.
   */
  allowedOrigins: string[];
}

export function loadConfig(): McpConfig {
  const config = readConfig(process.env);
  const extra = (process.env.MCP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return { ...config, allowedOrigins: [new URL(config.publicUrl).origin, ...extra.map((origin) => new URL(origin).origin)] };
}

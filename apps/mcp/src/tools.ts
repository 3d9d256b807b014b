// The tools of the server, each mirroring a REST route through the same service use case.
import type { McpServer } from '@modelcontextprotocol/server';

export function registerShopTools(_server: McpServer): void {
  // Tools are registered here as their use cases land in @shop/service.
}

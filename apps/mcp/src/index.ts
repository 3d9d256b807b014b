export { SERVER_INFO, SUPPORTED_REVISIONS, createMcpApp, currentCaller } from './app';
export type { CallerInfo, McpAppDeps } from './app';
export { registerShopTools } from './tools';

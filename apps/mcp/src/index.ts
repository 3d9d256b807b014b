export { SERVER_INFO, SUPPORTED_REVISIONS, createMcpApp, currentCaller } from './app';
export type { CallerInfo, McpAppDeps } from './app';
export { TOOL_NAMES, registerShopTools } from './tools';
export type { ShopToolDeps, ToolName } from './tools';
export type { ToolErrorBody } from './tool-results';

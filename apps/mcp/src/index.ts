export { SERVER_INFO, SUPPORTED_REVISIONS, createMcpApp, currentCaller } from './app';
export type { CallerInfo, McpAppDeps } from './app';
export { INSTRUCTIONS } from './tool-descriptions';
export { TOOL_NAMES, createShopTools } from './tools';
export type { ShopToolDeps, ToolName } from './tools';
export type { ToolErrorBody } from './tool-results';

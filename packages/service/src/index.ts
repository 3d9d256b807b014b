export { readConfig } from './config';
export type { Config } from './config';
export { ID_LENGTH, isWellFormedId, newId, newRequestId } from './ids';
export type { IdPrefix } from './ids';

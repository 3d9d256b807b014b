// The one zod instance of the workspace. Schemas carry their OpenAPI component name and examples in
// zod's own metadata (`.meta({ id, example })`), which @shop/openapi reads; nothing here needs it.
export { z } from 'zod';

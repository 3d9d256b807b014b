// The one zod instance of the workspace, extended with `.openapi()` so every schema can carry its
// component name and examples into the OpenAPI document.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

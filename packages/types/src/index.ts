// The description's types, as openapi-typescript writes them (src/generated/openapi.ts).
// Use them with openapi-fetch (`createClient<paths>()`) or any openapi-typescript-compatible tool.
export type { $defs, components, operations, paths, webhooks } from './generated/openapi.js';

import type { components } from './generated/openapi.js';

/** Every named schema of the description: `Schemas['Server']`, `Schemas['SshKey']`, ... */
export type Schemas = components['schemas'];

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
/** Where the global setup writes the generated clients (gitignored). */
export const GENERATED = join(PACKAGE, 'generated');
/** The Postman collection Portman writes from the portable description, with its contract tests. */
export const COLLECTION = join(GENERATED, 'portman', 'collection.json');

// How a reader of the docs starts the mock (@hostapi/mock) outside this repository, and where
// its README is: on the repository's GitHub, from the mock's package.json (its repository field),
// so that the link holds wherever the site is hosted or opened from disk.
import { createRequire } from 'node:module';

const { repository } = createRequire(import.meta.url)('@hostapi/mock/package.json');

/** The mock's command, from a project where the package is installed (packed today, npm once published). */
export const MOCK_COMMAND = 'npx hostapi-mock';

/** `https://github.com/<owner>/<repo>/blob/HEAD/apps/mock/README.md` (HEAD: the default branch). */
export const MOCK_README = `${repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/HEAD/${repository.directory}/README.md`;

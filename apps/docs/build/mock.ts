// How a reader of the docs starts the mock (@hostapi/mock) outside this repository, where it
// answers, and where its README is: on the repository's GitHub, from the mock's package.json (its
// repository field), so that the link holds wherever the site is hosted or opened from disk.
import { createRequire } from 'node:module';

const { repository } = createRequire(import.meta.url)('@hostapi/mock/package.json') as {
  repository: { url: string; directory: string };
};

/** The mock's command, from a project where the package is installed (packed today, npm once published). */
export const MOCK_COMMAND = 'npx hostapi-mock';

/** Where that command's mock answers (its default port): the console's default server. */
export const MOCK_URL = 'http://127.0.0.1:4010';

/** `https://github.com/<owner>/<repo>/blob/HEAD/apps/mock/README.md` (HEAD: the default branch). */
const REPOSITORY = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
export const MOCK_README = `${REPOSITORY}/blob/HEAD/${repository.directory}/README.md`;

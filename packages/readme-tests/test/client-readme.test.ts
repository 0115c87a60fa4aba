// The @hostapi/client README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
import { describeReadme } from '../lib/describe-readme.js';

describeReadme('client', new URL('../../../packages/client/README.md', import.meta.url));

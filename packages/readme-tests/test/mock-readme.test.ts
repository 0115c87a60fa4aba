// The @hostapi/mock README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
import { describeReadme } from '../lib/describe-readme.js';

describeReadme('mock', new URL('../../../apps/mock/README.md', import.meta.url));

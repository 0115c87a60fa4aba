// The @hostapi/types README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
import { describeReadme } from '../lib/describe-readme.js';

describeReadme('types', new URL('../../types/README.md', import.meta.url));

// The @hostapi/spec README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
import { describeReadme } from '../lib/describe-readme.js';

describeReadme('spec', new URL('../../../spec/README.md', import.meta.url));

#!/usr/bin/env node
// hostapi-mock: the built command (src/bin.ts, compiled to dist/ by `pnpm build`).
import '../dist/bin.js';

// Builds the console's script (scripts/build.ts writes it into the site as console-<hash>.js and
// loads it from index.html): the model of every operation read from the bundled description, the
// console's code, Preact and @hostapi/client's ESM, bundled and minified by esbuild into one
// classic script (it runs where a module script would not, such as a page opened from disk).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Node, readBundle } from '@hostapi/spec/document';
import { MOCK_COMMAND, MOCK_README, MOCK_URL } from './mock.ts';
import { CLASSIC_SCRIPT } from './bundle.ts';
import { type ConsoleModel, consoleModel } from '../console/model.ts';

const ENTRY = fileURLToPath(new URL('../console/src/main.tsx', import.meta.url));

/**
 * The console's script, minified: `{ code, model, inputs }`, where `inputs` gives the bytes each
 * source file (or the model) takes in it, for the benchmark's breakdown.
 */
export async function bundleConsole(
  doc: Node = readBundle(),
): Promise<{ code: string; model: ConsoleModel; inputs: Record<string, number> }> {
  const model = consoleModel(doc, MOCK_URL);
  const { outputFiles, metafile } = await build({
    ...CLASSIC_SCRIPT,
    entryPoints: [ENTRY],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.css': 'text' },
    // How to start the mock and where it answers, as the docs' introduction says (build/mock.ts).
    define: {
      HOSTAPI_MOCK_README: JSON.stringify(MOCK_README),
      HOSTAPI_MOCK_COMMAND: JSON.stringify(MOCK_COMMAND),
      HOSTAPI_MOCK_URL: JSON.stringify(MOCK_URL),
    },
    metafile: true,
    plugins: [
      {
        name: 'hostapi-console-model',
        setup(b) {
          b.onResolve({ filter: /^hostapi-console:model$/ }, ({ path }) => ({ path, namespace: 'hostapi-console' }));
          b.onLoad({ filter: /.*/, namespace: 'hostapi-console' }, () => ({
            contents: JSON.stringify(model),
            loader: 'json',
          }));
        },
      },
    ],
  });
  const [output] = Object.values(metafile.outputs);
  const inputs = Object.fromEntries(
    Object.entries(output!.inputs).map(([path, { bytesInOutput }]) => [path, bytesInOutput]),
  );
  return { code: outputFiles[0]!.text, model, inputs };
}

// The engine (src/engine) is platform-neutral: it runs wherever a front hands it requests, in
// Node or in a browser's service worker. None of its modules imports Node's modules or uses its
// globals; what needs Node (the HTTP server, files, the proxy, Redis) is in src/node.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const ENGINE = new URL('../src/engine/', import.meta.url);
const sources = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));

it('imports nothing of Node, and uses neither Buffer nor process', () => {
  expect(sources.length).toBeGreaterThan(20);
  const found = sources.flatMap((file) => {
    const text = readFileSync(new URL(file, ENGINE), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
    const uses = [
      ...text.matchAll(/from '(node:[^']+|\.\.\/(?:\.\.\/)?node\/[^']+)'/g),
      ...text.matchAll(/\bimport\(\s*'(node:[^']+)'/g),
      ...text.matchAll(/\b(Buffer\b|process\.|require\()/g),
    ];
    return uses.map((match) => `${file}: ${match[1]}`);
  });
  expect(found).toEqual([]);
});

// Run by bench/mock-throughput.mjs as `node --expose-gc lib/journal-heap.mjs [--no-journal]`: the
// mock in this process (startMock), filled with requests of 5,000 keys, each with about the most of
// its fields a journal entry keeps (2 kB), to its cap in all (journalMax) and then to 3× as many;
// prints the heap in use after a full collection at each point, in MB, as JSON.
import { OPERATIONS } from '@hostapi/client';
import { startMock } from '@hostapi/mock';

const CAP = 10_000;
const mock = await startMock(process.argv.includes('--no-journal') ? { journal: false } : { journalMax: CAP });
let sent = 0;
async function fill(amount) {
  for (let batch = 0; batch < amount; batch += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const n = ++sent;
        const tlds = Array.from({ length: 60 }, (_, i) => `additional_tlds[${i}]=${'t'.repeat(40)}${n}`).join('&');
        const path = `${OPERATIONS.checkDomainAvailability.path}?apikey=key-${n % 5000}&client_id=293&domain=a${n}.nz`;
        const response = await fetch(`${mock.url}${path}&${tlds}`);
        if (!response.ok) throw new Error(`a filling request failed: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
}
const heapMb = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1e6;
};
await fill(CAP);
const atCap = heapMb();
await fill(2 * CAP);
const beyond = heapMb();
await mock.close();
console.log(JSON.stringify({ cap: CAP, atCap, beyond }));

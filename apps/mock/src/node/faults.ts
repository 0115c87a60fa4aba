// Network faults on node:http, as engine/faults.ts chose them: the answer written as the fault
// has it reach the client, on the connection itself.
import type { ServerResponse } from 'node:http';
import type { Written } from '../engine/engine.ts';
import { bytesOf, type Fault } from '../engine/faults.ts';

/** Writes `written` as its fault has it (a fault's HTML page as any answer). */
export function writeFault(res: ServerResponse, written: Written, fault: Fault, always: object | undefined) {
  const socket = res.socket;
  if (!socket) return;
  const bytes = bytesOf(written.body);
  const head = () =>
    res.writeHead(written.status, { ...always, ...written.headers, 'content-length': String(bytes.length) });
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  switch (fault.name) {
    case 'reset':
      return void socket.resetAndDestroy();
    case 'hang':
      // Nothing is written: the client waits until it gives up (or the mock stops).
      return;
    case 'reset-mid-body':
      head();
      return void res.write(half, () => socket.resetAndDestroy());
    case 'short-body':
      // Content-Length says the whole body; half of it comes, then the connection closes.
      head();
      return void res.write(half, () => socket.end());
    case 'slow-body':
      head();
      return dribble(res, bytes, fault.ms);
    default:
      head();
      return void res.end(bytes);
  }
}

/** The body in up to 20 pieces spread over `ms`; stopped when the client leaves. */
function dribble(res: ServerResponse, bytes: Uint8Array, ms: number) {
  const pieces = Math.max(1, Math.min(bytes.length, 20));
  let sent = 0;
  const next = () => {
    const piece = bytes.subarray(
      Math.floor((sent * bytes.length) / pieces),
      Math.floor(((sent + 1) * bytes.length) / pieces),
    );
    sent++;
    if (sent === pieces) res.end(piece);
    else res.write(piece, () => void (timer = setTimeout(next, ms / pieces)));
  };
  let timer = setTimeout(next, ms / pieces);
  res.once('close', () => clearTimeout(timer));
}

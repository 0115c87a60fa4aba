// A recording proxy in front of the mock: every request exactly as a tool sent it (method, URL,
// headers, body bytes) and the mock's answer, so that the tests assert what went over the wire.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FORM_TYPES, formPairs, mediaTypeOf, parseUrlEncoded } from '@hostapi/spec/wire';
import type { Pair } from './calls.js';

export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
  answer: string;
}

export interface Recorder {
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

const read = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export async function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  const exchanges: Exchange[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const body = await read(incoming);
    const headers = { ...incoming.headers, host: upstream.host };
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      async (answer) => {
        const text = await read(answer);
        exchanges.push({
          method: incoming.method!,
          url: incoming.url!,
          headers: incoming.headers,
          body,
          status: answer.statusCode!,
          answer: text.toString('utf8'),
        });
        outgoing.writeHead(answer.statusCode!, answer.headers);
        outgoing.end(text);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    forwarded.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields of a request as the mock reads them: the query's, then a form body's, decoded, in order. */
export async function fieldsOf(exchange: Exchange): Promise<Pair[]> {
  const query = parseUrlEncoded(new URL(exchange.url, 'http://x').search.slice(1));
  const type = exchange.headers['content-type'] ?? '';
  if (!exchange.body.length) return query.map(([name, value]) => [name, value]);
  if (!FORM_TYPES.includes(mediaTypeOf(type))) {
    throw new Error(`${exchange.method} ${exchange.url}: a body of type ${type || '(none)'}`);
  }
  const form = await formPairs(new Uint8Array(exchange.body), type);
  return [...query, ...form].map(([name, value]) => [name, value]);
}

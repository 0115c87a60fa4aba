// Every handler of the sandbox, by operationId: each module exports its operations' handlers, named
// by their operationId (the sandbox checks at start that every operation has one).
import * as accounts from './accounts.ts';
import * as bandwidth from './bandwidth.ts';
import * as cloud from './cloud.ts';
import type { Handler } from './context.ts';
import * as dns from './dns.ts';
import * as domains from './domains.ts';
import * as mail from './mail.ts';
import * as servers from './servers.ts';
import * as ssh from './ssh.ts';

export const HANDLERS: ReadonlyMap<string, Handler> = new Map(
  Object.entries({ ...accounts, ...bandwidth, ...cloud, ...dns, ...domains, ...mail, ...servers, ...ssh }),
);

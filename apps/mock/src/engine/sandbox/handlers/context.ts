// What every handler is given: the request's fields (validated: leaves text, lists arrays), the
// key's state, the answers it may give, and the time of the request.
import type { Node } from '../../api.ts';
import type { Answer } from '../../mode.ts';
import type { Reply } from '../replies.ts';
import type { KeyState } from '../store.ts';

export interface Context {
  state: KeyState;
  reply: Reply;
  now: Date;
}

export type Handler = (fields: Node, context: Context) => Answer;

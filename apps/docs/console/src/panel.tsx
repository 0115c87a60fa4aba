// The panel of one operation, top to bottom: its bar (title, operation, close), where to send
// (server, key), the form, what the mock should answer (Prefer, multipart), Send; then the last
// exchange, the curl command and the client call. What the parts share lives in one PanelState,
// changed through the few steps below it.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConsoleModel, OperationModel, ResponseExample } from '../model.js';
import { ExchangeView } from './exchange.js';
import { Fields } from './form.js';
import { type LocalMock, StartMock } from './local.js';
import { type Call, type Exchange, send } from './send.js';
import { remember, remembered } from './session.js';
import { Snippet } from './snippet.js';
import { clientSnippet, curlSnippet } from './snippets.js';
import { type FormValues, initialValues, missingRequired, toInput } from './values.js';

/** What the reader has set for one operation. */
interface Draft {
  values: FormValues;
  prefer: string;
  multipart: boolean;
}

/** What the panel keeps while the page is open: where to send, and each operation's draft and last exchange. */
interface PanelState {
  baseUrl: string;
  apiKey: string;
  drafts: Record<string, Draft>;
  exchanges: Record<string, Exchange>;
  sending: boolean;
}

export interface PanelProps {
  model: ConsoleModel;
  local: LocalMock;
  operation: OperationModel;
  open: boolean;
  onChoose: (op: OperationModel) => void;
  onClose: () => void;
}

export function Panel({ model, local, operation, open, onChoose, onClose }: PanelProps) {
  const [state, setState] = useState<PanelState>(() => ({
    baseUrl: remembered('baseUrl') ?? local.url,
    apiKey: remembered('apiKey') ?? '',
    drafts: {},
    exchanges: {},
    sending: false,
  }));
  const change = (next: (s: PanelState) => Partial<PanelState>) => setState((s) => ({ ...s, ...next(s) }));
  const id = operation.id;
  const draft = state.drafts[id] ?? draftOf(operation);
  const edit = (patch: Partial<Draft>) =>
    change((s) => ({ drafts: { ...s.drafts, [id]: { ...(s.drafts[id] ?? draftOf(operation)), ...patch } } }));
  const answer = (exchange: Exchange, sending: boolean) =>
    change((s) => ({ exchanges: { ...s.exchanges, [id]: exchange }, sending }));
  const call = callOf(operation, draft, state);

  // A new answer is brought into view.
  const answered = useRef(false);
  const answerBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answered.current) return;
    answered.current = false;
    answerBox.current?.scrollIntoView({ block: 'nearest' });
  });

  async function submit(event: Event) {
    event.preventDefault();
    const problems = problemsOf(call, draft);
    if (problems.length) {
      answered.current = true;
      return answer({ error: problems.join(' ') }, false);
    }
    answer({}, true); // the previous answer goes, so it is never taken for this one
    const exchange = await send(call);
    answered.current = true;
    answer(exchange, false);
  }

  const exchange = state.exchanges[id];
  return (
    // A modal dialog for the keyboard: Tab and Shift+Tab go round its controls, Escape closes it
    // (and app.tsx gives the focus back to the launcher).
    <div
      class="panel"
      hidden={!open}
      role="dialog"
      aria-modal="true"
      aria-labelledby="console-title"
      onKeyDown={(e) => (e.key === 'Escape' ? onClose() : keepTabInside(e, e.currentTarget))}
    >
      <Bar model={model} operation={operation} open={open} onChoose={onChoose} onClose={onClose} />
      <p class="endpoint">
        <span class={`method ${operation.method}`}>{operation.method}</span> <code>{operation.path}</code>
      </p>
      <form onSubmit={submit} noValidate>
        <Connection
          model={model}
          local={local}
          state={state}
          onServer={(baseUrl) => {
            change(() => ({ baseUrl }));
            remember('baseUrl', baseUrl.trim());
          }}
          onKey={(apiKey) => {
            change(() => ({ apiKey }));
            remember('apiKey', apiKey);
          }}
        />
        <section class="parameters" aria-label="Parameters">
          <h3>{operation.method === 'GET' ? 'Query' : 'Form'}</h3>
          {operation.fields.length === 0 && <p class="hint">No parameters besides the API key.</p>}
          <Fields fields={operation.fields} values={draft.values} parent="" onChange={(values) => edit({ values })} />
          <p class="hint">Blank inputs are not sent.</p>
        </section>
        <AnswerOptions operation={operation} draft={draft} onChange={edit} />
        <div class="actions">
          <button type="submit" class="send" disabled={state.sending}>
            {state.sending ? 'Sending…' : 'Send'}
          </button>
          <button type="button" class="reset" onClick={() => edit({ values: draftOf(operation).values })}>
            Reset to the example
          </button>
        </div>
      </form>
      <div ref={answerBox}>{exchange && <ExchangeView exchange={exchange} local={local} />}</div>
      <Snippet title="curl" text={curlSnippet(call)} />
      <Snippet title="@hostapi/client" text={clientSnippet(call)} />
    </div>
  );
}

/** What Tab reaches, in the document's order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  'summary, [tabindex="0"]';

/** Tab from the panel's last control goes to its first, Shift+Tab from its first to its last. */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement) {
  if (event.key !== 'Tab') return;
  const controls = [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter((c) => c.getClientRects().length > 0);
  const [first, last] = [controls[0], controls.at(-1)];
  const active = (panel.getRootNode() as Document | ShadowRoot).activeElement;
  const wraps = event.shiftKey ? active === first || active === panel.querySelector('h2') : active === last;
  if (!wraps) return;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
}

/** An operation's draft before the reader changes it: the description's example call. */
const draftOf = (op: OperationModel): Draft => ({
  values: initialValues(op.fields, op.example),
  prefer: '',
  multipart: false,
});

/** The call the panel would send now. */
const callOf = (operation: OperationModel, draft: Draft, { baseUrl, apiKey }: PanelState): Call => ({
  operation,
  baseUrl: baseUrl.trim(),
  apiKey,
  input: toInput(operation.fields, draft.values),
  prefer: draft.prefer,
  multipart: draft.multipart,
});

/** Why the call cannot be sent as it stands: each problem in a sentence. */
function problemsOf(call: Call, draft: Draft): string[] {
  return [
    !call.apiKey && 'Enter an API key (the mock accepts any).',
    !isHttpUrl(call.baseUrl) && `The server must be an http:// or https:// address, not "${call.baseUrl}".`,
    ...missingRequired(call.operation.fields, draft.values).map((name) => `${name} is required.`),
  ].filter((problem): problem is string => Boolean(problem));
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The panel's bar: its title (focused when it opens), the operation to try, and Close. */
function Bar({ model, operation, open, onChoose, onClose }: Omit<PanelProps, 'local'>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  const tags = [...new Set(model.operations.map((op) => op.tag))];
  return (
    <header class="bar">
      <h2 id="console-title" tabIndex={-1} ref={heading}>
        Try it
      </h2>
      <select
        class="input operation"
        aria-label="Operation"
        value={operation.id}
        onChange={(e) => onChoose(model.operations.find((op) => op.id === e.currentTarget.value)!)}
      >
        {tags.map((tag) => (
          <optgroup key={tag} label={tag}>
            {model.operations
              .filter((op) => op.tag === tag)
              .map((op) => (
                <option key={op.id} value={op.id}>
                  {op.summary}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <button type="button" class="close" aria-label="Close the console" onClick={onClose}>
        ×
      </button>
    </header>
  );
}

/** Where to send: the server (the local mock where it runs, then the description's servers) and the key. */
function Connection(props: {
  model: ConsoleModel;
  local: LocalMock;
  state: PanelState;
  onServer: (url: string) => void;
  onKey: (key: string) => void;
}) {
  const { model, local, state, onServer, onKey } = props;
  const servers = [{ ...model.servers[0]!, url: local.url }, ...model.servers.slice(1)];
  return (
    <section class="connection">
      <label class="field">
        <span class="label">
          <span class="type">Server</span>
        </span>
        <input
          class="input"
          type="url"
          list="console-servers"
          aria-label="Server"
          value={state.baseUrl}
          spellcheck={false}
          onInput={(e) => onServer(e.currentTarget.value)}
        />
        <datalist id="console-servers">
          {servers.map((server) => (
            <option key={server.url} value={server.url}>
              {server.description}
            </option>
          ))}
        </datalist>
        <span class="hint start-mock">
          <StartMock local={local} />
        </span>
      </label>
      <label class="field">
        <span class="label">
          <span class="type">API key</span>
        </span>
        <input
          class="input"
          type="password"
          aria-label="API key"
          autoComplete="off"
          spellcheck={false}
          value={state.apiKey}
          onInput={(e) => onKey(e.currentTarget.value)}
        />
        <span class="hint">Kept in this tab only, and masked below. The mock accepts any key.</span>
      </label>
    </section>
  );
}

/** What the mock should answer (Prefer: every named example, by HTTP status) and, for a POST, multipart. */
function AnswerOptions(props: { operation: OperationModel; draft: Draft; onChange: (patch: Partial<Draft>) => void }) {
  const { operation, draft, onChange } = props;
  return (
    <section class="options">
      <label class="field">
        <span class="label">
          <span class="type">
            Mock answer (<code>Prefer</code>)
          </span>
        </span>
        <select
          class="input"
          aria-label="Mock answer (Prefer)"
          value={draft.prefer}
          onChange={(e) => onChange({ prefer: e.currentTarget.value })}
        >
          <option value="">Not set: the server's own answer</option>
          {[...new Set(operation.responses.map((r) => r.status))].map((status) => (
            <optgroup key={status} label={`HTTP ${status}`}>
              {operation.responses
                .filter((r) => r.status === status)
                .map((r) => (
                  <option key={r.name} value={preferOf(r)}>{`${r.name}: ${r.summary}`}</option>
                ))}
            </optgroup>
          ))}
        </select>
        <span class="hint">The mock answers with the example chosen here; a real server ignores it.</span>
      </label>
      {operation.method === 'POST' && (
        <label class="check">
          <input
            type="checkbox"
            checked={draft.multipart}
            onChange={(e) => onChange({ multipart: e.currentTarget.checked })}
          />{' '}
          Send as <code>multipart/form-data</code>
        </label>
      )}
    </section>
  );
}

/** The `Prefer` header that makes the mock answer with this example. */
const preferOf = ({ status, name }: ResponseExample) =>
  status === 200 ? `example=${name}` : `code=${status}, example=${name}`;

// The console: a "Try it" button on every operation's page, and the panel it opens beside Redoc
// for that operation (form, server, key, Prefer; then the exchange, the curl and the client call).
import { useEffect, useRef, useState } from 'preact/hooks';
import { Fields } from './form.js';
import { JsonView } from './json.js';
import type { ConsoleModel, OperationModel, ResponseExample } from '../model.js';
import { operationAt, watchRoute } from './route.js';
import { type Exchange, send } from './send.js';
import { remember, remembered } from './session.js';
import { clientSnippet, curlSnippet } from './snippets.js';
import { type FormValues, initialValues, missingRequired, toInput } from './values.js';
import { asText, parseJson, verdictOf } from './verdict.js';

interface Draft {
  values: FormValues;
  prefer: string;
  multipart: boolean;
}

const draftOf = (op: OperationModel): Draft => ({
  values: initialValues(op.fields, op.example),
  prefer: '',
  multipart: false,
});

/** The `Prefer` header that makes the mock answer with this example. */
const preferOf = ({ status, name }: ResponseExample) =>
  status === 200 ? `example=${name}` : `code=${status}, example=${name}`;

/**
 * The mock the console points at by default, and the command that starts it where the page was
 * opened: `npx hostapi-mock` for a reader of the published docs, the `pnpm start` that served
 * the page in a checkout (main.tsx reads it from the page).
 */
export interface LocalMock {
  url: string;
  command: string;
  /** Served by `pnpm start` from a checkout of the repository. */
  checkout: boolean;
}

export function Console({ model, local }: { model: ConsoleModel; local: LocalMock }) {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => watchRoute(setHash), []);
  const routed = operationAt(hash, model.operations);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<OperationModel | undefined>(routed);
  // The console follows Redoc: another operation's page shows that operation.
  useEffect(() => {
    if (routed) setChosen(routed);
  }, [routed]);
  const launcher = useRef<HTMLButtonElement>(null);
  const operation = chosen ?? routed;

  return (
    <>
      {routed && !open && (
        <button
          type="button"
          class="launcher"
          ref={launcher}
          aria-label={`Try it: ${routed.method} ${routed.path}`}
          title={`Send ${routed.summary} from this page`}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          <span class={`method ${routed.method}`}>{routed.method}</span> Try it
        </button>
      )}
      {/* Kept once opened, so that closing it keeps what the reader typed and received. */}
      {operation && opened && (
        <Panel
          model={model}
          local={local}
          operation={operation}
          open={open}
          onChoose={(op) => {
            setChosen(op);
            location.hash = op.route; // Redoc shows its page too
          }}
          onClose={() => {
            setOpen(false);
            setTimeout(() => launcher.current?.focus());
          }}
        />
      )}
    </>
  );
}

interface PanelProps {
  model: ConsoleModel;
  local: LocalMock;
  operation: OperationModel;
  open: boolean;
  onChoose: (op: OperationModel) => void;
  onClose: () => void;
}

function Panel({ model, local, operation, open, onChoose, onClose }: PanelProps) {
  const [baseUrl, setBaseUrl] = useState(() => remembered('baseUrl') ?? local.url);
  // The local mock where it runs, then the description's servers.
  const servers = [{ ...model.servers[0]!, url: local.url }, ...model.servers.slice(1)];
  const [apiKey, setApiKey] = useState(() => remembered('apiKey') ?? '');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [exchanges, setExchanges] = useState<Record<string, Exchange>>({});
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  const draft = drafts[operation.id] ?? draftOf(operation);
  const update = (change: Partial<Draft>) => setDrafts({ ...drafts, [operation.id]: { ...draft, ...change } });
  const input = toInput(operation.fields, draft.values);
  const call = { operation, baseUrl: baseUrl.trim(), input, prefer: draft.prefer, multipart: draft.multipart };
  const exchange = exchanges[operation.id];

  // Bring a new answer into view.
  const answered = useRef(false);
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answered.current) return;
    answered.current = false;
    answer.current?.scrollIntoView({ block: 'nearest' });
  });

  async function submit(event: Event) {
    event.preventDefault();
    const problems = [
      !apiKey && 'Enter an API key (the mock accepts any).',
      !isHttpUrl(call.baseUrl) && `The server must be an http:// or https:// address, not "${call.baseUrl}".`,
      ...missingRequired(operation.fields, draft.values).map((name) => `${name} is required.`),
    ].filter((problem): problem is string => Boolean(problem));
    const id = operation.id;
    if (problems.length) {
      answered.current = true;
      setExchanges((all) => ({ ...all, [id]: { error: problems.join(' ') } }));
      return;
    }
    setSending(true);
    setExchanges((all) => ({ ...all, [id]: {} })); // the previous answer goes, so it is never taken for this one
    const result = await send({ ...call, apiKey });
    answered.current = true;
    setExchanges((all) => ({ ...all, [id]: result }));
    setSending(false);
  }

  const tags = [...new Set(model.operations.map((op) => op.tag))];
  return (
    <div
      class="panel"
      hidden={!open}
      role="dialog"
      aria-labelledby="console-title"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
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
      <p class="endpoint">
        <span class={`method ${operation.method}`}>{operation.method}</span> <code>{operation.path}</code>
      </p>

      <form onSubmit={submit} noValidate>
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
              value={baseUrl}
              spellcheck={false}
              onInput={(e) => {
                setBaseUrl(e.currentTarget.value);
                remember('baseUrl', e.currentTarget.value.trim());
              }}
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
              value={apiKey}
              onInput={(e) => {
                setApiKey(e.currentTarget.value);
                remember('apiKey', e.currentTarget.value);
              }}
            />
            <span class="hint">Kept in this tab only, and masked below. The mock accepts any key.</span>
          </label>
        </section>

        <section class="parameters" aria-label="Parameters">
          <h3>{operation.method === 'GET' ? 'Query' : 'Form'}</h3>
          {operation.fields.length === 0 && <p class="hint">No parameters besides the API key.</p>}
          <Fields fields={operation.fields} values={draft.values} parent="" onChange={(values) => update({ values })} />
          <p class="hint">Blank inputs are not sent.</p>
        </section>

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
              onChange={(e) => update({ prefer: e.currentTarget.value })}
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
                onChange={(e) => update({ multipart: e.currentTarget.checked })}
              />{' '}
              Send as <code>multipart/form-data</code>
            </label>
          )}
        </section>

        <div class="actions">
          <button type="submit" class="send" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
          <button
            type="button"
            class="reset"
            onClick={() => update({ values: initialValues(operation.fields, operation.example) })}
          >
            Reset to the example
          </button>
        </div>
      </form>

      <div ref={answer}>{exchange && <ExchangeView exchange={exchange} local={local} />}</div>

      <Snippet title="curl" text={curlSnippet(call)} />
      <Snippet title="@hostapi/client" text={clientSnippet(call)} />
    </div>
  );
}

/**
 * How to start the mock the console points at by default, with the command that fits where the
 * page was opened: `pnpm start` in a checkout, else the mock's own command from any project (the
 * docs are read far from a checkout of this repository) and its README for how to install it.
 */
function StartMock({ local }: { local: LocalMock }) {
  const readme = (
    <a href={HOSTAPI_MOCK_README} target="_blank" rel="noopener">
      the mock's README
    </a>
  );
  if (local.checkout)
    return (
      <>
        No server yet? <code>{local.command}</code>, run in your checkout of hostapi, starts the mock on{' '}
        <code>{local.url}</code> beside these docs ({readme} lists its options).
      </>
    );
  return (
    <>
      No server yet? Start the mock on <code>{local.url}</code> with <code>{local.command}</code>
      {' in a project where '}
      <code>@hostapi/mock</code> is installed ({readme} says how).
    </>
  );
}

function ExchangeView({ exchange, local }: { exchange: Exchange; local: LocalMock }) {
  const { request, response, error } = exchange;
  const body = response && parseJson(response.text);
  const verdict = response && verdictOf(response.status, response.text);
  return (
    <section class="exchange" aria-label="Response" aria-live="polite">
      {error && (
        <p class="error" role="alert">
          {error}
          {exchange.unreachable && (
            <span class="start-mock">
              <StartMock local={local} />
            </span>
          )}
        </p>
      )}
      {response && verdict && (
        <>
          <p class="status-line">
            <strong class="http" data-status={response.status}>
              HTTP {response.status} {response.statusText}
            </strong>
            <span class={`verdict ${verdict.ok ? 'ok' : 'failure'}`} data-verdict={verdict.ok ? 'success' : 'failure'}>
              {verdict.label}
            </span>
            <span class="time">{Math.round(response.ms)} ms</span>
          </p>
          {body === undefined ? (
            <pre class="code body">{response.text || '(empty body)'}</pre>
          ) : (
            <JsonView value={body} />
          )}
          <details class="headers">
            <summary>Response headers ({response.headers.length})</summary>
            <table>
              {response.headers.map(([name, value], i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat; the list never changes once shown
                <tr key={i} class={name === 'sl-violations' ? 'violations' : undefined}>
                  <th>{name}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </table>
            <p class="hint">A page sees only the headers the server exposes to it (CORS).</p>
          </details>
          <Violations header={response.headers.find(([name]) => name === 'sl-violations')?.[1]} />
        </>
      )}
      {request && (
        <details class="request">
          <summary>Request sent (API key masked)</summary>
          <pre class="code">
            {[
              `${request.method} ${request.url}`,
              ...request.headers.map(([name, value]) => `${name}: ${value}`),
              '',
              request.body,
            ]
              .join('\n')
              .trimEnd()}
          </pre>
        </details>
      )}
    </section>
  );
}

/**
 * The mock's `sl-violations` header: each departure from the description it accepted (warnings)
 * and, from the validating proxy, each way the answer breaks it (errors).
 */
function Violations({ header }: { header: string | undefined }) {
  if (header === undefined) return null;
  const list = parseJson(header);
  const items = Array.isArray(list) ? (list as unknown[]) : undefined;
  return (
    <section class="violations" aria-label="Violations">
      <h3>
        Departures from the description (<code>sl-violations</code>)
      </h3>
      {items ? (
        <ul>
          {items.map((item, i) =>
            isEntry(item) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once shown
              <li key={i}>
                <span class="severity">{asText(item.severity)}</span> {asText(item.message ?? item)}
              </li>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once shown
              <li key={i}>{asText(item)}</li>
            ),
          )}
        </ul>
      ) : (
        <pre class="code">{header}</pre>
      )}
    </section>
  );
}

/** An entry as the mock writes it (`{ severity, message, ... }`); any other value is shown as it is. */
const isEntry = (item: unknown): item is { severity?: unknown; message?: unknown } =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

function Snippet({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await copyText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }
  return (
    <section class="snippet" aria-label={title}>
      <header>
        <h3>{title}</h3>
        <button type="button" class="copy" aria-label={`Copy ${title}`} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </header>
      <pre class="code">{text}</pre>
    </section>
  );
}

/** The Clipboard API needs a secure context; a plain http host gets the older way. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

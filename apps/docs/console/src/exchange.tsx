// The exchange of the last Send, as the panel shows it: why nothing came back, or the answer (HTTP
// status, verdict, time, body, headers, what breaks the description), and the request as sent.
// Everything here was masked when it was recorded (send.ts).
import { JsonView } from './json.js';
import { type LocalMock, StartMock } from './local.js';
import type { Exchange, Received, SentRequest } from './send.js';
import { asText, parseJson } from './verdict.js';
import { Code } from './code.js';

export function ExchangeView({ exchange, local }: { exchange: Exchange; local: LocalMock }) {
  const { request, response, error } = exchange;
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
      {response && <Answer response={response} />}
      {request && <Request request={request} />}
    </section>
  );
}

function Answer({ response }: { response: Received }) {
  const { verdict } = response;
  return (
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
      {'json' in response ? (
        <JsonView value={response.json} />
      ) : (
        <Code kind="body">{response.text || '(empty body)'}</Code>
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
  );
}

function Request({ request }: { request: SentRequest }) {
  const lines = [`${request.method} ${request.url}`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  return (
    <details class="request">
      <summary>Request sent (API key masked)</summary>
      <Code>{[...lines, '', request.body].join('\n').trimEnd()}</Code>
    </details>
  );
}

/**
 * The mock's `sl-violations` header: each departure from the description it accepted (warnings)
 * and, from the validating proxy, each way the answer breaks it (errors).
 */
function Violations({ header }: { header: string | undefined }) {
  if (header === undefined) return null;
  const list = parseJson(header);
  return (
    <section class="violations" aria-label="Violations">
      <h3>
        Departures from the description (<code>sl-violations</code>)
      </h3>
      {Array.isArray(list) ? (
        <ul>
          {list.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once shown
            <li key={i}>
              {isEntry(item) ? (
                <>
                  <span class="severity">{asText(item.severity)}</span> {asText(item.message ?? item)}
                </>
              ) : (
                asText(item)
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Code>{header}</Code>
      )}
    </section>
  );
}

/** An entry as the mock writes it (`{ severity, message, ... }`); any other value is shown as it is. */
const isEntry = (item: unknown): item is { severity?: unknown; message?: unknown } =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

// The tools offered (all, or those --read-only and --tools leave), each call checked against its
// input schema, made through @hostapi/client with the host's cancellation, and its result checked
// against the tool's output schema. Everything the agent is given (a result, an error) has passed
// through the one key mask (@hostapi/spec/wire): a service may quote the key in either.
import { createHostApiClient, type HostApiClientOptions, ValidationError } from '@hostapi/client';
import type { Node } from '@hostapi/spec/document';
import { maskKey, maskKeyIn, pointerSegments, segmentsOf } from '@hostapi/spec/wire';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolResult, CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { UsageError } from './options.js';
import { type HostTool, toolsOf } from './tools.js';

/**
 * How long one call may take. An agent host gives up on a request after 60 s (the SDK's default,
 * and most hosts'), and then sees a protocol timeout instead of a tool error: a call against a
 * service that never answers must end first. 15 s an attempt and 2 retries after at most 2 s each
 * (GETs, and any call the service rate-limits) end within 3 × 15 + 2 × 2 = 49 s.
 */
export const CALL_LIMITS: CallLimits = { timeoutMs: 15_000, retries: { max: 2, baseDelayMs: 250, maxDelayMs: 2_000 } };

/** The client's options that bound a call: its per-attempt timeout and its retries. */
export interface CallLimits {
  timeoutMs: number;
  retries: Required<Exclude<HostApiClientOptions['retries'], number | undefined>>;
}

/** The longest a call can take with these limits: every attempt timed out, every wait its longest. */
export const longestCallMs = ({ timeoutMs, retries }: CallLimits): number =>
  (retries.max + 1) * timeoutMs + retries.max * retries.maxDelayMs;

export interface ToolsOptions {
  /** The bundled description (readBundle()). */
  doc: Node;
  apiKey: string;
  baseUrl: string;
  readOnly?: boolean;
  /** The areas offered (`--tools`); all when undefined. */
  areas?: string[] | undefined;
  /** The client's per-attempt timeout and retries. Default: CALL_LIMITS. */
  limits?: CallLimits;
  /** The client's fetch. Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface HostApiTools {
  /** The tools offered. */
  offered: HostTool[];
  /** Calls a tool; every failure is a tool error (`isError: true`), never thrown. `signal` cancels it. */
  call(name: string, args: unknown, signal?: AbortSignal): Promise<CallToolResult>;
}

type Method = (input: unknown, options: { signal?: AbortSignal | undefined }) => Promise<unknown>;

/** An argument or a part of a result as the agent reads it: `params.databases.0.db_name`. */
const argument = (segments: string[]) => segments.join('.');

/** Departures named beyond this many are counted, not listed. */
const MOST_NAMED = 10;

/** What ajv reports of a value (arguments, or a result), each named as the agent reads it. */
function problemsOf(errors: ErrorObject[], what: string): string {
  const named = errors.slice(0, MOST_NAMED).map(({ instancePath, keyword, params, message }) => {
    const path = pointerSegments(instancePath);
    if (keyword === 'required') return `${argument([...path, params.missingProperty])}: is required`;
    if (keyword === 'additionalProperties') {
      return `${argument([...path, params.additionalProperty])}: is not ${what}`;
    }
    const allowed = keyword === 'enum' ? `: ${params.allowedValues.map(String).join(', ')}` : '';
    // ajv writes a union as `integer,string`.
    const said = keyword === 'type' ? `must be ${String(params.type).split(',').join(' or ')}` : message;
    return `${argument(path) || 'arguments'}: ${said}${allowed}`;
  });
  const more = errors.length > MOST_NAMED ? `; and ${errors.length - MOST_NAMED} more` : '';
  return `${named.join('; ')}${more}`;
}

export function createHostApiTools(options: ToolsOptions): HostApiTools {
  const { doc, apiKey, baseUrl, readOnly = false, areas, limits = CALL_LIMITS, fetch } = options;
  const all = toolsOf(doc);
  const known = [...new Set(all.map((t) => t.area))];
  const unknown = areas?.filter((area) => !known.includes(area));
  if (unknown?.length)
    throw new UsageError(`--tools: no area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const offered = all.filter((t) => (!readOnly || t.readOnly) && (!areas || areas.includes(t.area)));

  const client = createHostApiClient({ apiKey, baseUrl, ...limits, ...(fetch && { fetch }) }) as unknown as Record<
    string,
    Record<string, Method>
  >;
  // An identifier is `type: [integer, string]` (a number, or the digits an answer gives): JSON Schema.
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  const inputs = new Map(offered.map((t) => [t.tool.name, ajv.compile(t.tool.inputSchema)]));
  const outputs = new Map(offered.map((t) => [t.tool.name, t.tool.outputSchema && ajv.compile(t.tool.outputSchema)]));
  const failure = (...texts: string[]): CallToolResult => ({
    isError: true,
    content: texts.map((text) => ({ type: 'text', text: maskKey(text, [apiKey]) })),
  });

  /** A tool error for a call that failed, naming the invalid arguments of a validating server's 422. */
  function failed(tool: HostTool, error: unknown): CallToolResult {
    if (error instanceof ValidationError) {
      const invalid = error.problems.map((p) => `${argument(segmentsOf(p.field)) || 'arguments'}: ${p.message}`);
      return failure(`${error.message}\nInvalid arguments: ${invalid.join('; ')}`);
    }
    const message = error instanceof Error ? error.message : String(error);
    // A write that got no answer may have been carried out all the same.
    const kind = (error as { kind?: unknown } | null)?.kind;
    const unsure = !tool.readOnly && (kind === 'timeout' || kind === 'network');
    return failure(
      unsure ? `${message} (the service may have carried out this write: check before calling again)` : message,
    );
  }

  async function call(name: string, args: unknown = {}, signal?: AbortSignal): Promise<CallToolResult> {
    const tool = offered.find((t) => t.tool.name === name);
    if (!tool) {
      const other = all.find((t) => t.tool.name === name);
      if (!other) return failure(`There is no tool ${name}.`);
      if (readOnly && !other.readOnly) {
        return failure(`${name} writes, and this server runs with --read-only: it offers only the tools that read.`);
      }
      return failure(`${name} is not offered: this server runs with --tools ${areas?.join(',')}.`);
    }
    const validate = inputs.get(name)!;
    if (!validate(args))
      return failure(`${name}: invalid arguments: ${problemsOf(validate.errors!, 'an argument of this tool')}`);
    let result: unknown;
    try {
      result = maskKeyIn(await client[tool.area]![tool.method]!(args, { signal }), [apiKey]);
    } catch (error) {
      return failed(tool, error);
    }
    const text = JSON.stringify(result) ?? 'null';
    // The structured content must match the output schema (MCP's rule for servers; the SDK's
    // client rejects the whole call otherwise): a service that departs from the description is
    // a tool error that names each departure, with the answer as text.
    const conforms = outputs.get(name);
    if (conforms && !conforms({ result })) {
      const departures = problemsOf(conforms.errors!, 'in the description');
      return failure(`${name}: the service's answer departs from the description: ${departures}`, text);
    }
    return { content: [{ type: 'text', text }], structuredContent: { result } };
  }
  return { offered, call };
}

/** An MCP server offering the tools (one per connection; the tools are shared). */
export function createMcpServer(tools: HostApiTools, version: string): Server {
  const server = new Server({ name: 'hostapi', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.offered.map((t) => t.tool) }));
  // The SDK's signal fires when the host cancels the call (notifications/cancelled) or the
  // connection closes: the client then stops the request and any retry still waiting.
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    tools.call(request.params.name, request.params.arguments, extra.signal),
  );
  return server;
}

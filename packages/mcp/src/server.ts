// The tools offered (all, or those --read-only and --tools leave), each call checked against its
// input schema and made through @hostapi/client; a failure comes back as a tool error with the
// typed error's message and the invalid arguments, never with the API key.
import { createHostApiClient, ValidationError } from '@hostapi/client';
import type { Node } from '@hostapi/spec/document';
import { pointerSegments, segmentsOf } from '@hostapi/spec/wire';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolResult, CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { UsageError } from './options.js';
import { type HostTool, toolsOf } from './tools.js';

export interface ToolsOptions {
  /** The bundled description (readBundle()). */
  doc: Node;
  apiKey: string;
  baseUrl: string;
  readOnly?: boolean;
  /** The areas offered (`--tools`); all when undefined. */
  areas?: string[] | undefined;
}

export interface HostApiTools {
  /** The tools offered. */
  offered: HostTool[];
  /** Calls a tool; every failure is a tool error (`isError: true`), never thrown. */
  call(name: string, args: unknown): Promise<CallToolResult>;
}

type Method = (input: unknown) => Promise<unknown>;

/** An argument as the caller wrote it: `params.databases.0.db_name` (never the wire's brackets). */
const argument = (segments: string[]) => segments.join('.');

/** `text` without the key, raw or URL-encoded (the client keeps it out of its errors; this covers the rest). */
export const redact = (text: string, apiKey: string | undefined): string =>
  apiKey ? text.split(apiKey).join('[redacted]').split(encodeURIComponent(apiKey)).join('[redacted]') : text;

/** An invalid argument as ajv reports it, named as the caller wrote it. */
function problemOf({ instancePath, keyword, params, message }: ErrorObject): string {
  const path = pointerSegments(instancePath);
  if (keyword === 'required') return `${argument([...path, params.missingProperty])}: is required`;
  if (keyword === 'additionalProperties') {
    return `${argument([...path, params.additionalProperty])}: is not an argument of this tool`;
  }
  const allowed = keyword === 'enum' ? `: ${params.allowedValues.map(String).join(', ')}` : '';
  return `${argument(path) || 'arguments'}: ${message}${allowed}`;
}

export function createHostApiTools({ doc, apiKey, baseUrl, readOnly = false, areas }: ToolsOptions): HostApiTools {
  const all = toolsOf(doc);
  const known = [...new Set(all.map((t) => t.area))];
  const unknown = areas?.filter((area) => !known.includes(area));
  if (unknown?.length)
    throw new UsageError(`--tools: no area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const offered = all.filter((t) => (!readOnly || t.readOnly) && (!areas || areas.includes(t.area)));

  const client = createHostApiClient({ apiKey, baseUrl }) as unknown as Record<string, Record<string, Method>>;
  const ajv = new Ajv2020({ allErrors: true });
  const validators = new Map(offered.map((t) => [t.tool.name, ajv.compile(t.tool.inputSchema)]));
  const failure = (text: string): CallToolResult => ({
    isError: true,
    content: [{ type: 'text', text: redact(text, apiKey) }],
  });

  async function call(name: string, args: unknown = {}): Promise<CallToolResult> {
    const tool = offered.find((t) => t.tool.name === name);
    if (!tool) {
      const other = all.find((t) => t.tool.name === name);
      if (!other) return failure(`There is no tool ${name}.`);
      if (readOnly && !other.readOnly) {
        return failure(`${name} writes, and this server runs with --read-only: it offers only the tools that read.`);
      }
      return failure(`${name} is not offered: this server runs with --tools ${areas?.join(',')}.`);
    }
    const validate = validators.get(name)!;
    if (!validate(args)) return failure(`${name}: invalid arguments: ${validate.errors!.map(problemOf).join('; ')}`);
    try {
      const result = await client[tool.area]![tool.method]!(args);
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: { result } };
    } catch (error) {
      if (!(error instanceof ValidationError)) return failure(error instanceof Error ? error.message : String(error));
      const invalid = error.problems.map((p) => `${argument(segmentsOf(p.field)) || 'arguments'}: ${p.message}`);
      return failure(`${error.message}\nInvalid arguments: ${invalid.join('; ')}`);
    }
  }
  return { offered, call };
}

/** An MCP server offering the tools (one per connection; the tools are shared). */
export function createMcpServer(tools: HostApiTools, version: string): Server {
  const server = new Server({ name: 'hostapi', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.offered.map((t) => t.tool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    tools.call(request.params.name, request.params.arguments),
  );
  return server;
}

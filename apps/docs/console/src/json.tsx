// A JSON value pretty-printed (two-space indent, as JSON.stringify writes it) with its tokens
// coloured, and the envelope's `status` and `msg` highlighted.
import type { ComponentChild } from 'preact';
import { Code } from './code.js';

const ENVELOPE_KEYS = new Set(['status', 'msg']);

export function JsonView({ value }: { value: unknown }) {
  return <Code kind="json">{render(value, '', true)}</Code>;
}

function render(value: unknown, indent: string, top: boolean): ComponentChild {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return [
      '[\n',
      ...value.flatMap((item, i) => [inner, render(item, inner, false), i < value.length - 1 ? ',\n' : '\n']),
      `${indent}]`,
    ];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return [
      '{\n',
      ...entries.flatMap(([key, v], i) => {
        const line = [
          <span key="key" class="key">
            {JSON.stringify(key)}
          </span>,
          ': ',
          render(v, inner, false),
        ];
        const highlighted = top && ENVELOPE_KEYS.has(key);
        return [
          inner,
          highlighted ? (
            <mark key={key} class={`envelope ${key}`} data-envelope={key}>
              {line}
            </mark>
          ) : (
            line
          ),
          i < entries.length - 1 ? ',\n' : '\n',
        ];
      }),
      `${indent}}`,
    ];
  }
  const kind = value === null ? 'null' : typeof value;
  return <span class={kind}>{JSON.stringify(value)}</span>;
}

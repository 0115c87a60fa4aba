// A JSON value pretty-printed (two-space indent, as JSON.stringify writes it) with its tokens
// coloured, and the envelope's `status` and `msg` highlighted.
import type { ComponentChild } from 'preact';
import { Code } from './code.js';

const ENVELOPE_KEYS = new Set(['status', 'msg']);

export function JsonView({ value }: { value: unknown }) {
  return <Code kind="json">{render(value, '', true)}</Code>;
}

function render(value: unknown, indent: string, top: boolean): ComponentChild {
  if (value === null || typeof value !== 'object')
    return <span class={value === null ? 'null' : typeof value}>{JSON.stringify(value)}</span>;
  const list = Array.isArray(value);
  const [open, close] = list ? ['[', ']'] : ['{', '}'];
  const entries = Object.entries(value);
  if (entries.length === 0) return open + close;
  const inner = `${indent}  `;
  return [
    `${open}\n`,
    ...entries.flatMap(([key, v], i) => [
      inner,
      list ? render(v, inner, false) : member(key, render(v, inner, false), top && ENVELOPE_KEYS.has(key)),
      i < entries.length - 1 ? ',\n' : '\n',
    ]),
    `${indent}${close}`,
  ];
}

/** `"key": value`, marked where it is a member of the envelope. */
function member(key: string, value: ComponentChild, envelope: boolean): ComponentChild {
  const line = [
    <span key="key" class="key">
      {JSON.stringify(key)}
    </span>,
    ': ',
    value,
  ];
  return envelope ? (
    <mark key={key} class={`envelope ${key}`} data-envelope={key}>
      {line}
    </mark>
  ) : (
    line
  );
}

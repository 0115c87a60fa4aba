// The console: a "Try it" button on every operation's page, and the panel it opens beside Redoc
// for that operation (panel.tsx), following Redoc's route.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConsoleModel, OperationModel } from '../model.js';
import type { LocalMock } from './local.js';
import { Panel } from './panel.js';
import { operationAt, watchRoute } from './route.js';

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
        // Named by what it shows ("POST Try it"); what it does is its description (its title).
        <button
          type="button"
          class="launcher"
          ref={launcher}
          title={`Send ${routed.summary} (${routed.method} ${routed.path}) from this page`}
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

// The local mock the console points at by default, and how to start it where the page was
// opened: `npx hostapi-mock` for a reader of the published docs, the `pnpm start` that served the
// page in a checkout.

export interface LocalMock {
  url: string;
  command: string;
  /** Served by `pnpm start` from a checkout of the repository. */
  checkout: boolean;
}

/**
 * The mock `pnpm start` started beside these docs, which its docs server names in the page
 * (`<meta name="hostapi-mock" content="<url>" data-command="pnpm start ...">`), else where
 * `npx hostapi-mock` starts it. A mock listening on every interface is reached at the page's own
 * host.
 */
export function localMock(): LocalMock {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="hostapi-mock"]');
  if (!meta?.content || !URL.canParse(meta.content))
    return { url: HOSTAPI_MOCK_URL, command: HOSTAPI_MOCK_COMMAND, checkout: false };
  const url = new URL(meta.content);
  if (['0.0.0.0', '[::]'].includes(url.hostname)) url.hostname = location.hostname || '127.0.0.1';
  return { url: url.href.replace(/\/$/, ''), command: meta.dataset.command || 'pnpm start', checkout: true };
}

/** How to start that mock: `pnpm start` in a checkout, else its own command, in a project that installs it. */
export function StartMock({ local }: { local: LocalMock }) {
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

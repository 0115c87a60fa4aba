// Mounts the console beside Redoc: in a shadow root of its own, so that neither page's styles
// reach the other, outside Redoc's #redoc element, so that Redoc's rendering is left alone.
import { render } from 'preact';
import model from 'hostapi-console:model';
import { Console, type LocalMock } from './app.js';
import styles from './styles.css';

const host = document.createElement('div');
host.id = 'hostapi-console';
document.body.append(host);
const root = host.attachShadow({ mode: 'open' });
const style = document.createElement('style');
style.textContent = styles;
root.append(style);

// Follow Redoc's light and dark modes (a class on <html>).
const theme = () =>
  host.setAttribute('data-theme', document.documentElement.classList.contains('dark') ? 'dark' : 'light');
theme();
new MutationObserver(theme).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

/**
 * The mock to point at: the one `pnpm start` started beside these docs, which its docs server
 * names in the page (`<meta name="hostapi-mock" content="<url>" data-command="pnpm start ...">`),
 * else where `npx hostapi-mock` starts it. A mock listening on every interface is reached at the
 * page's own host.
 */
function localMock(): LocalMock {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="hostapi-mock"]');
  if (!meta?.content || !URL.canParse(meta.content))
    return { url: HOSTAPI_MOCK_URL, command: HOSTAPI_MOCK_COMMAND, checkout: false };
  const url = new URL(meta.content);
  if (['0.0.0.0', '[::]'].includes(url.hostname)) url.hostname = location.hostname || '127.0.0.1';
  return { url: url.href.replace(/\/$/, ''), command: meta.dataset.command || 'pnpm start', checkout: true };
}

const container = document.createElement('div');
root.append(container);
render(<Console model={model} local={localMock()} />, container);

// Mounts the console beside Redoc: in a shadow root of its own, so that neither page's styles
// reach the other, outside Redoc's #redoc element, so that Redoc's rendering is left alone. Not
// in a page framed by another site: there a click on Send could be the framing page's
// (clickjacking), whatever headers the host sends.
import { render } from 'preact';
import model from 'hostapi-console:model';
import { Console } from './app.js';
import { localMock } from './local.js';
import styles from './styles.css';

/** Whether this page is shown inside a page of another origin (reading its address throws there). */
function framedByAnotherSite(): boolean {
  if (window.top === window) return false;
  try {
    return window.top?.location.origin !== location.origin;
  } catch {
    return true;
  }
}

if (!framedByAnotherSite()) {
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

  const container = document.createElement('div');
  root.append(container);
  render(<Console model={model} local={localMock()} />, container);
}

// Which operation Redoc shows. Redoc's router navigates with history.pushState, which fires no
// event: the Navigation API reports it where the browser has one; elsewhere the address is read
// four times a second (a string comparison). Redoc's own history is never touched.
import type { OperationModel } from '../model.js';

export function operationAt(hash: string, operations: OperationModel[]): OperationModel | undefined {
  let route = hash.toLowerCase().replace(/\/+$/, '');
  try {
    route = decodeURI(route);
  } catch {
    // a malformed escape in the address: compare it as it is
  }
  return operations.find((op) => route === op.route || route.startsWith(`${op.route}/`));
}

export function watchRoute(onChange: (hash: string) => void): void {
  let last = location.hash;
  const check = () => {
    if (location.hash === last) return;
    last = location.hash;
    onChange(last);
  };
  const navigation = (globalThis as { navigation?: EventTarget }).navigation;
  if (navigation) navigation.addEventListener('currententrychange', check);
  else setInterval(check, 250);
  addEventListener('popstate', check);
  addEventListener('hashchange', check);
}

// What the console remembers: the server and the API key, in this tab's sessionStorage only
// (gone when the tab closes; never in localStorage, the URL or a log).
const PREFIX = 'hostapi-console:';

export function remembered(name: 'apiKey' | 'baseUrl'): string | undefined {
  try {
    return sessionStorage.getItem(PREFIX + name) ?? undefined;
  } catch {
    return undefined; // storage disabled: the console still works, it just forgets
  }
}

export function remember(name: 'apiKey' | 'baseUrl', value: string): void {
  try {
    if (value) sessionStorage.setItem(PREFIX + name, value);
    else sessionStorage.removeItem(PREFIX + name);
  } catch {
    // storage disabled or full: nothing to keep it in
  }
}

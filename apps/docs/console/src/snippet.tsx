// A call written out for the reader to copy (the curl command, the client call), with its copy button.
import { useState } from 'preact/hooks';
import { Code } from './code.js';

export function Snippet({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await copyText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }
  return (
    <section class="snippet" aria-label={title}>
      <header>
        <h3>{title}</h3>
        <button type="button" class="copy" aria-label={`${copied ? 'Copied' : 'Copy'} ${title}`} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </header>
      <Code>{text}</Code>
    </section>
  );
}

/** The Clipboard API needs a secure context; a plain http host gets the older way. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

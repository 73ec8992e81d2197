// No internals on a customer's screen: every text the window shows during a
// test (text nodes, and the title and aria-label a pointer or a screen reader
// meets) is gathered as it appears, across reloads, and checked when the test
// ends. A provider's code, a loopback address, a command of the command line,
// a temporary path or an export's column name standing as a label fails the
// test. What the user typed or chose (a service address in Settings, a cell
// of their own file) is theirs: its element carries `data-user-value`, and an
// export column's name shown as a detail beside its words `data-field-name`.
import type { Page } from '@playwright/test';
import { APPENDED_COLUMNS } from '../../electron/common/model';

/** What must never reach a customer's screen, with why. */
export const INTERNALS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a provider code', pattern: /provider_code_\d/ },
  {
    what: 'a numbered provider, where a real service names it',
    pattern: /\b(?:Provider|Anbieter|Proveedor|Fournisseur|Provedor|Провайдер) \d\b/,
  },
  { what: 'a loopback address', pattern: /\b127\.0\.0\.1\b|\blocalhost:\d+|\[::1\]/ },
  {
    what: 'a command of the command line',
    pattern:
      /\blist-cleaner (?:clean|resume|jobs|balance|export|show|key)\b|(?:^|\s)--[a-z]+(?:-[a-z]+)*\b/,
  },
  { what: 'a temporary path', pattern: /(?:^|[\s(])\/(?:tmp|var\/folders)\/|\\Temp\\/ },
];

const FIELD_NAMES = new Set<string>(APPENDED_COLUMNS);

/** Runs in the page: reports every text shown, a batch at a time, to `__listCleanerSeen`. */
function gatherTexts(): void {
  const send = (window as unknown as { __listCleanerSeen?: (texts: string[]) => void })
    .__listCleanerSeen;
  if (!send) return;
  let batch = new Set<string>();
  let timer: number | null = null;
  const mine = (el: Element | null) => el?.closest('[data-user-value], [data-field-name]') != null;
  const add = (text: string | null | undefined, el: Element | null) => {
    const t = text?.trim();
    if (!t || mine(el)) return;
    batch.add(t);
    timer ??= window.setTimeout(() => {
      timer = null;
      const texts = [...batch];
      batch = new Set();
      send(texts);
    }, 50);
  };
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      add(node.textContent, node.parentElement);
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
    add(node.getAttribute('title'), node);
    add(node.getAttribute('aria-label'), node);
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  const start = () => {
    visit(document.body);
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') add(r.target.textContent, r.target.parentElement);
        else if (r.type === 'attributes' && r.target instanceof Element) {
          add(r.target.getAttribute(r.attributeName ?? ''), r.target);
        } else r.addedNodes.forEach(visit);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['title', 'aria-label'],
    });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** Starts gathering on `page`; returns the texts seen so far (a live set). */
export async function watchForInternals(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.exposeBinding('__listCleanerSeen', (_source, texts: string[]) => {
    for (const t of texts) seen.add(t);
  });
  await page.addInitScript(gatherTexts);
  return seen;
}

/**
 * The texts that show an internal, each with what it shows. `allowed`: what a
 * test declares the user's own here (a service address the user typed, which
 * a test can only make a loopback one), with why.
 */
export function internalsIn(
  texts: Iterable<string>,
  allowed: ReadonlyArray<{ pattern: RegExp; why: string }> = [],
): string[] {
  const found: string[] = [];
  for (const full of texts) {
    let text = full;
    for (const { pattern } of allowed) text = text.replace(new RegExp(pattern, 'g'), '');
    if (FIELD_NAMES.has(text)) found.push(`an export column's name as a label: "${text}"`);
    for (const { what, pattern } of INTERNALS) {
      if (pattern.test(text)) found.push(`${what}: "${text.slice(0, 200)}"`);
    }
  }
  return found;
}

// What the import, jobs and quick-check specs share: lists with known
// outcomes (the sandbox's test addresses), a file dropped on the window the
// way a user drags one from the file manager, and the two ways into the app.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, type TestApp } from './fixtures';

/**
 * A CRM export of `rows` rows whose outcomes are known in advance: the local
 * part of a sandbox test address decides it. Besides the unique addresses it
 * holds `invalid` cells that are not addresses, `empty` cells and
 * `duplicates` repeats (written in capitals, as merged exports have them).
 */
export function knownList({
  unique,
  invalid = 0,
  empty = 0,
  duplicates = 0,
  undeliverableEvery = 5,
  undeterminedEvery = 0,
  domain = 'provider1.test',
}: {
  unique: number;
  invalid?: number;
  empty?: number;
  duplicates?: number;
  undeliverableEvery?: number;
  undeterminedEvery?: number;
  domain?: string;
}): { csv: string; deliverable: number; undeliverable: number; undetermined: number } {
  const addresses: string[] = [];
  let deliverable = 0;
  let undeliverable = 0;
  let undetermined = 0;
  for (let i = 1; i <= unique; i++) {
    if (undeterminedEvery > 0 && i % undeterminedEvery === 0) {
      addresses.push(`undetermined+${i}@${domain}`);
      undetermined += 1;
    } else if (undeliverableEvery > 0 && i % undeliverableEvery === 0) {
      addresses.push(`undeliverable+${i}@${domain}`);
      undeliverable += 1;
    } else {
      addresses.push(`deliverable+${i}@${domain}`);
      deliverable += 1;
    }
  }
  const cells = [...addresses];
  for (let i = 0; i < duplicates; i++) cells.push((addresses[i] as string).toUpperCase());
  for (let i = 0; i < invalid; i++) cells.push(i % 2 ? `person${i} at example.com` : 'n/a');
  for (let i = 0; i < empty; i++) cells.push('');
  // Spread the repeats, invalid and empty cells through the file, deterministically.
  const order = cells.map((cell, i) => ({ cell, key: (i * 7919) % cells.length }));
  order.sort((a, b) => a.key - b.key);
  const lines = ['first_name,last_name,email,company,signup_date'];
  order.forEach(({ cell }, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`Person,Number ${i + 1},${cell},"Acme, Inc.",2024-05-${day}`);
  });
  return { csv: `${lines.join('\r\n')}\r\n`, deliverable, undeliverable, undetermined };
}

/** Drags a file over the window (the overlay shows) and drops it, as from a file manager. */
export async function dropFile(
  page: Page,
  name: string,
  content: string,
  options: { beforeDrop?: () => Promise<void> } = {},
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name: fileName, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: 'text/csv' }));
      return transfer;
    },
    { name, text: content },
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await page.dispatchEvent('body', 'dragover', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await options.beforeDrop?.();
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
}

export async function useDemo(app: TestApp): Promise<void> {
  await app.open();
  await app.page.getByRole('button', { name: 'Try the demo account' }).click();
  await expect(app.page.getByTestId('account-label')).toHaveText('Demo');
}

export async function connectKey(app: TestApp, baseUrl: string, apiKey: string): Promise<void> {
  const { page } = app;
  await app.open();
  await page.getByText('Using another service address?').click();
  await page.getByLabel('Service address').fill(baseUrl);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(page.getByTestId('account-label')).toHaveText(`…${apiKey.slice(-4)}`);
}

export function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
}

/** The job card of a file on the Jobs screen: its row, and its details below it. */
export function jobCard(page: Page, fileName: string) {
  return page.getByRole('article', { name: fileName });
}

/** Opens a job's row to show its details (a row under way is open already). */
export async function openJobRow(page: Page, fileName: string): Promise<void> {
  const toggle = jobCard(page, fileName).getByRole('button', { name: fileName, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/**
 * Presses Tab until the focused element's accessible name matches, checking
 * at every stop that the focus can be seen (a :focus-visible outline).
 */
export async function tabTo(page: Page, name: string | RegExp, maxStops = 40): Promise<void> {
  const wanted = typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}$`) : name;
  const seen: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled ? document.getElementById(labelled)?.textContent : null;
      const label =
        el.getAttribute('aria-label') ??
        byId ??
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.closest('label')?.textContent ??
        el.textContent ??
        '';
      const style = getComputedStyle(el);
      return {
        name: label.replace(/\s+/g, ' ').trim(),
        tag: el.tagName.toLowerCase(),
        visible: el.matches(':focus-visible') && style.outlineStyle !== 'none',
      };
    });
    if (!focus) continue;
    seen.push(`${focus.tag} "${focus.name}"`);
    expect(focus.visible, `focus on ${focus.tag} "${focus.name}" is visible`).toBe(true);
    if (wanted.test(focus.name)) return;
  }
  throw new Error(`Tab never reached ${String(name)}; stops: ${seen.join(', ')}`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * app.screenshot from the top of the page: a full-page shot taken while
 * scrolled draws the sticky header in the middle of the page.
 */
export async function screenshotFromTop(app: TestApp, name: string): Promise<void> {
  await app.page.evaluate(() => window.scrollTo(0, 0));
  await app.screenshot(name);
}

/**
 * From a job's card on the Jobs screen: its results, then Save… with the rows
 * chosen; answers the saved file's rows (the BOM, if any, taken off).
 */
export async function exportFromCard(
  app: TestApp,
  fileName: string,
  rows: 'Deliverable only' | 'All rows, with their outcome',
  savedAs: string,
): Promise<string[][]> {
  const { page } = app;
  await jobCard(page, fileName).getByRole('button', { name: 'Open results' }).click();
  // Export opens as a side panel from the results' header.
  await page.getByTestId('results-header').getByRole('button', { name: 'Export…' }).click();
  const panel = page.getByRole('dialog', { name: 'Export' });
  await panel.getByRole('radio', { name: new RegExp(`^${rows}`) }).check();
  await panel.getByRole('button', { name: 'Save…' }).click();
  const saved = join(app.downloadsDir, savedAs);
  // The file's name is shown (with Show in folder), never its full path.
  await expect(page.getByTestId('export-done')).toContainText(savedAs);
  await expect(page.getByTestId('export-done')).not.toContainText(app.downloadsDir);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const text = (await readFile(saved, 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** The rows of a knownList CSV whose address is the first of its kind and starts so. */
export function firstRowsWith(csv: string, prefix: string): string[][] {
  const [, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  const seen = new Set<string>();
  return rows.filter((row) => {
    const address = (row[2] ?? '').toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return address.startsWith(prefix);
  });
}

// What the results, accessibility and long-task specs share: lists written
// the way marketing tools write them, jobs taken to done through the core
// (the same handler table the UI calls), and the way a user reaches a job's
// results (Jobs → Open results).
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ImportView, JobProduct, JobView } from '../../electron/ipc/contract';
import { expect, showTheme, type TestApp } from './fixtures';

/** What the review's "Don't pay for" boxes start with: throw-away domains and no mail server. */
export const DEFAULT_SKIP = { disposable: true, noMail: true, role: false } as const;

/** Calls a channel through the core and unwraps the result, failing the test on an error. */
export async function invoke<T>(app: TestApp, channel: string, input?: unknown): Promise<T> {
  const result = await app.core().registry.invoke(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Imports a file as a drop does: granted first (main's side of it), then imported by its token. */
export async function importFile(app: TestApp, path: string): Promise<ImportView> {
  const { token } = await app.core().files.grant(path);
  return invoke<ImportView>(app, 'list:import', { token });
}

const FIRST = ['Anne', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'François', 'Grace', 'Hiro', 'Inès'];
const DOMAINS = ['gmail.com', 'outlook.com', 'example.org', 'mail.ru', 'yandex.ru', 'icloud.com'];

/**
 * A small CRM export: quoted cells with commas and accents, an address column
 * in the middle, and the rows a real list has: test addresses with a known
 * outcome, invalid cells, an empty cell and repeats written differently.
 */
export function crmCsv(rows: number, domains: readonly string[] = DOMAINS): string {
  const lines = ['id,name,email,company,notes'];
  for (let i = 1; i <= rows; i++) {
    const name = `${FIRST[i % FIRST.length]} ${i}`;
    const domain = domains[i % domains.length];
    let email: string;
    if (i % 29 === 0) email = 'not an address';
    else if (i % 53 === 0) email = '';
    else if (i % 31 === 0)
      email = ` ${`user${i - 7}@${domains[(i - 7) % domains.length]}`.toUpperCase()}`;
    else if (i % 7 === 0) email = `undeliverable+${i}@${domain}`;
    else if (i % 11 === 0) email = `undetermined+${i}@${domain}`;
    else email = `user${i}@${domain}`;
    const company = i % 4 === 0 ? '"Stark & Sons, Ltd"' : 'Acme';
    lines.push(`${i},"${name}",${email},${company},"Met at fair, ${i % 12} visits"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function writeList(dir: string, name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/**
 * A list of `rows` rows (1,000,000 for the table and long-task specs), written
 * as a stream. Only `unique` distinct addresses, so the demo account's
 * balance covers it; the rest are repeats, the way merged exports look.
 */
export async function writeBigList(path: string, rows: number, unique = 5_000): Promise<void> {
  const out = createWriteStream(path);
  let chunk = 'id,email,first_name,city,signup_date\n';
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    chunk += `${i},user${i % unique}@${DOMAINS[(i % unique) % DOMAINS.length]},${FIRST[i % FIRST.length]},City ${i % 97},2024-03-${day}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** Imports a list, starts it and waits until it is done, all through the core. */
export async function doneJob(
  app: TestApp,
  path: string,
  product: JobProduct = 'email',
): Promise<JobView> {
  const view = await importFile(app, path);
  await invoke<JobView>(app, 'job:start', { jobId: view.job.id, product, skip: DEFAULT_SKIP });
  return waitForState(app, view.job.id, 'done');
}

export async function waitForState(
  app: TestApp,
  jobId: string,
  state: JobView['state'],
  timeoutMs = 120_000,
): Promise<JobView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await invoke<JobView[]>(app, 'job:list');
    const job = jobs.find((j) => j.id === jobId);
    if (!job) throw new Error(`job ${jobId} is gone`);
    if (job.state === state) return job;
    if (job.state === 'failed') throw new Error(`job failed: ${job.failure?.message ?? '?'}`);
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** As a user does: the Jobs tab, the job’s row, Open results. */
export async function openResults(page: Page, fileName: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Jobs' })
    .click();
  await page
    .getByRole('article', { name: fileName })
    .getByRole('button', { name: 'Open results' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
}

/** A tab of a finished job's results (Overview, Domains, Rows), chosen as a user does. */
export async function showTab(page: Page, name: 'Overview' | 'Domains' | 'Rows'): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Results' }).getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Opens the Export drawer from the results' header, and answers it. */
export async function openExport(page: Page) {
  await page.getByTestId('results-header').getByRole('button', { name: 'Export…' }).click();
  const drawer = page.getByRole('dialog', { name: 'Export' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * app.screenshot with the window scrolled to the top first: a full-page shot
 * of a scrolled window paints the sticky header in the middle of the page.
 */
export async function shot(app: TestApp, name: string): Promise<void> {
  await app.page.evaluate(() => window.scrollTo(0, 0));
  // The rows arrive a page at a time: shoot them, not their placeholders.
  await app.page
    .locator('.rows-skeleton, .rows-scroll[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached' });
  await app.screenshot(name);
}

/**
 * The window as it is seen, scrolled as it is (not a full-page shot, which
 * paints a sticky header where the page began), light and dark: to see what
 * stays in view.
 */
export async function viewportShot(app: TestApp, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await showTheme(app.page, colorScheme);
    await app.page.screenshot({
      path: join('test-results', 'screens', `${name}-${colorScheme}.png`),
    });
  }
  await app.page.emulateMedia({ colorScheme: null });
}

// The window's side of the bounces to expect: `job:forecast` through the
// core's registry (its input and output checked by the contract) on a demo
// job run against the sandbox: the panel's choices, the results' filter by
// risk, and the user's limit from settings.json, on by default and off.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core';
import type { ForecastView, ImportView, JobRowView } from '../../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../../electron/secrets/key-store';

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const LIST = [
  'email,name',
  'deliverable+1@provider1.test,a',
  'deliverable+2@provider1.test,b',
  'undetermined+3@provider1.test,c',
  'undeliverable+4@provider1.test,d',
].join('\n');

async function finishedDemo(settings?: object) {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-forecast-'));
  dirs.push(dir);
  if (settings)
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, ...settings }));
  const core = await createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null) });
  cores.push(core);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.registry.invoke(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  await call('demo:start');
  const path = join(dir, 'list.csv');
  await writeFile(path, `${LIST}\n`);
  const { token } = await core.files.grant(path);
  const view = await call<ImportView>('list:import', { token });
  await call('job:start', { jobId: view.job.id, product: 'email' });
  await (await core.workspace.jobs()).finished(view.job.id);
  return { core, call, jobId: view.job.id };
}

const NONE = { outcomes: [], providers: [], domains: [], findings: [] };

describe('job:forecast', () => {
  it('says the bounces to expect of the rows kept, and asks first over the 2% limit', async () => {
    const { call, jobId } = await finishedDemo();
    const deliverable = await call<ForecastView>('job:forecast', { jobId, filter: 'deliverable' });
    expect(deliverable).toEqual({
      kept: { rows: 2, low: 0.2, high: 1 },
      lowRisk: { rows: 2, low: 0.2, high: 1 },
      limit: 2,
      over: false,
    });
    // Every row not deliverable: one unknown (5–30%), one undeliverable (50–100%).
    const rest = await call<ForecastView>('job:forecast', { jobId, filter: 'not-deliverable' });
    expect(rest).toMatchObject({ kept: { rows: 2, low: 27.5, high: 65 }, over: true });
    const low = await call<ForecastView>('job:forecast', {
      jobId,
      filter: { ...NONE, risks: ['low'] },
    });
    expect(low.kept).toEqual({ rows: 2, low: 0.2, high: 1 });
    const rows = await call<{ rows: JobRowView[] }>('job:rows', {
      jobId,
      offset: 0,
      limit: 10,
      filter: { ...NONE, risks: ['medium', 'high'] },
    });
    expect(rows.rows.map((r) => r.row)).toEqual([3, 4]);
  });

  it('follows the limit in the settings, and never asks with none', async () => {
    // settings.json, as the user (or the Settings page) keeps it.
    const { call, jobId } = await finishedDemo({ bounceGatePercent: null });
    const f = await call<ForecastView>('job:forecast', { jobId, filter: 'not-deliverable' });
    expect(f).toMatchObject({ limit: null, over: false });
  });

  it('refuses a risk level the contract does not know', async () => {
    const { core, jobId } = await finishedDemo();
    const result = await core.registry.invoke('job:forecast', {
      jobId,
      filter: { ...NONE, risks: ['lowest'] },
    });
    expect(result.ok).toBe(false);
  });
});

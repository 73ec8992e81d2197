// `npm run sandbox`: the standalone sandbox prints its URL and a key, serves
// the balance it was given, and stops cleanly on Ctrl-C.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../../electron/sandbox/cli.ts', import.meta.url));

describe('sandbox command', () => {
  it('starts on the port asked, with the balance asked, and stops on SIGINT', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--balance-usd', '50'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Press Ctrl-C')) resolve();
      });
      child.once('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
    const key = /API key: (\S+)/.exec(out)?.[1];
    expect(url).toBeDefined();
    expect(key).toMatch(/^sk_test_[0-9a-f]{32}$/);
    const res = await fetch(`${url}/api/v1/balance`, { headers: { 'X-API-Key': key ?? '' } });
    expect(await res.json()).toEqual({ code: 0, msg: 'ok', data: { balance_micros: 50_000_000 } });

    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a bad port with one clear line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', 'eighty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/--port must be a whole number/);
  });
});

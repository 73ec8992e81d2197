// Raw HTTP helpers for the sandbox suites: the sandbox is tested as a client
// sees it, over real HTTP, with no client code of ours in between.
import {
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from '../../../electron/sandbox/server/server';

export interface Answer {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data?: Record<string, unknown> };
}

export const KEY = 'sk_test_sandbox_suite_primary';
export const OTHER_KEY = 'sk_test_sandbox_suite_other';

export async function sandboxFor(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    accounts: [
      { key: KEY, balanceMicros: 10_000_000 },
      { key: OTHER_KEY, balanceMicros: 10_000_000 },
    ],
    ...options,
  });
}

export async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  init: {
    key?: string | null;
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? KEY : init.key;
  if (key !== null) headers['X-API-Key'] = key;
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${sandbox.url}${path}`, { method, headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
}

export const check = (sandbox: Sandbox, service_type: string, identifier: string, key?: string) =>
  call(sandbox, 'POST', '/api/v1/check', { json: { service_type, identifier }, key });

export const multi = (
  sandbox: Sandbox,
  service_type: string,
  identifiers: string[],
  key?: string,
) => call(sandbox, 'POST', '/api/v1/batch-check', { json: { service_type, identifiers }, key });

export function lines(
  n: number,
  make: (i: number) => string = (i) => `user${i}@example.com`,
): string {
  return Array.from({ length: n }, (_, i) => make(i)).join('\n') + '\n';
}

export async function submit(
  sandbox: Sandbox,
  file: string | Uint8Array | null,
  options: { serviceType?: string | null; idempotencyKey?: string; key?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  const serviceType = options.serviceType === undefined ? 'email_batch' : options.serviceType;
  if (serviceType !== null) form.set('service_type', serviceType);
  if (file !== null) {
    form.set(
      'file',
      new Blob([typeof file === 'string' ? file : new Uint8Array(file)]),
      'list.csv',
    );
  }
  const headers: Record<string, string> = {};
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  return call(sandbox, 'POST', '/api/v1/bulk-tasks', { body: form, headers, key: options.key });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls a task until it leaves processing and has whatever `ready` wants. */
export async function waitForTask(
  sandbox: Sandbox,
  id: string,
  ready: (data: Record<string, unknown>) => boolean = (d) => d.status !== 'processing',
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(sandbox, 'GET', `/api/v1/bulk-tasks/${id}`);
    const data = answer.body.data ?? {};
    if (ready(data)) return data;
    if (Date.now() > deadline) throw new Error(`task ${id} not ready: ${JSON.stringify(data)}`);
    await sleep(20);
  }
}

import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkError } from '../../../electron/service/errors';
import { createServiceClient } from '../../../electron/service/client';
import { createLimiter } from '../../../electron/service/limiter';

const refused = Object.assign(new TypeError('fetch failed'), {
  cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
});
const reset = Object.assign(new TypeError('fetch failed'), {
  cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
});

describe('network errors and money', () => {
  it('a request that never left is free, whatever it was', () => {
    const err = networkError('api.example', refused, true);
    expect(err.charged).toBe('no');
    expect(err.message).toContain('Nothing was charged');
  });

  it('a check whose answer was lost may have been charged, and says so', () => {
    const err = networkError('api.example', reset, true);
    expect(err.charged).toBe('unknown');
    expect(err.message).not.toContain('Nothing was charged');
    expect(err.message).toContain('may have checked, and charged for');
  });

  it('a lost read is free', () => {
    expect(networkError('api.example', reset, false).charged).toBe('no');
  });

  it('a multi check cut off mid-answer over real HTTP is reported as maybe charged', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' });
        res.write('{"code":0,');
        setTimeout(() => res.socket?.destroy(), 20);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const client = createServiceClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'sk_test_network_errors',
        limiter: createLimiter(),
      });
      const err = await client.batchCheck('email', ['a@example.com']).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'network', charged: 'unknown' });
    } finally {
      server.close();
    }
  });
});

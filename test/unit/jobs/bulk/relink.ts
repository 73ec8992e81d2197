// A service in front of the sandbox that hands out result links of a test's choosing.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Passes every request through to the sandbox, except that a finished task's
 * answer carries `resultUrl()` as its result link (the sandbox's own when it
 * answers null; it is asked once per answer with a link): the service as a
 * user's client meets it, with a result link the sandbox would never hand out.
 */
export const relinking =
  (sandboxUrl: string, resultUrl: () => string | null) =>
  (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      new URL(req.url ?? '/', sandboxUrl),
      { method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          if (req.method === 'GET' && /^\/api\/v1\/bulk-tasks\/[^/]+$/.test(req.url ?? '')) {
            const json = JSON.parse(body.toString('utf8')) as {
              data?: { result_url?: string };
            };
            const link = json.data?.result_url ? resultUrl() : null;
            if (json.data && link !== null) {
              json.data.result_url = link;
              body = Buffer.from(JSON.stringify(json));
            }
          }
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    req.pipe(upstream);
  };

// A DNS server on loopback for the mail-domain check's tests, so they never
// ask the internet: it answers from a small zone, may answer late or never,
// and counts what it is asked and how many questions it holds at once.
import dns2, { Packet } from 'dns2';

/** Response codes (RFC 1035 §4.1.1) the tests send. */
export const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

export interface ZoneEntry {
  mx?: string[];
  a?: string[];
  aaaa?: string[];
  /** Answer with this code and no records. */
  rcode?: number;
  /** Never answer. */
  drop?: boolean;
}

export interface TestDnsServer {
  /** "127.0.0.1:port", for the resolver's setServers. */
  readonly address: string;
  /** Names not in the zone get this code; default NXDOMAIN. The zone may change between checks. */
  zone: Record<string, ZoneEntry>;
  unknownNames: number;
  /** Each answer waits this long first, so concurrent questions overlap. */
  delayMs: number;
  /** Every question received, in order, as "name TYPE". */
  readonly asked: string[];
  /** How many questions about `name` (of `type`, or any) were received. */
  count(name: string, type?: 'MX' | 'A' | 'AAAA'): number;
  /** The most questions waiting for an answer at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

const TYPE_NAMES = new Map<number, string>([
  [Packet.TYPE.MX, 'MX'],
  [Packet.TYPE.A, 'A'],
  [Packet.TYPE.AAAA, 'AAAA'],
]);

type RecordFields = Parameters<typeof Packet.createResourceFromQuestion>[1];

function answer(request: Packet, entry: ZoneEntry | undefined, unknownNames: number): Packet {
  const response = Packet.createResponseFromRequest(request);
  const question = request.questions[0];
  if (!question) return response;
  if (!entry) {
    response.header.rcode = unknownNames;
    return response;
  }
  if (entry.rcode !== undefined) {
    response.header.rcode = entry.rcode;
    return response;
  }
  const record = (fields: RecordFields) =>
    // TTL 0, so no resolver cache hides a question from the counts.
    response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 0, ...fields }));
  if (question.type === Packet.TYPE.MX) {
    for (const [i, exchange] of (entry.mx ?? []).entries()) {
      record({ exchange, priority: exchange === '.' ? 0 : 10 * (i + 1) });
    }
  }
  if (question.type === Packet.TYPE.A) for (const address of entry.a ?? []) record({ address });
  if (question.type === Packet.TYPE.AAAA)
    for (const address of entry.aaaa ?? []) record({ address });
  return response;
}

export async function startDnsServer(zone: Record<string, ZoneEntry> = {}): Promise<TestDnsServer> {
  const asked: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;
  const state = { zone, unknownNames: RCODE.NXDOMAIN as number, delayMs: 0 };

  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const question = request.questions[0];
      if (!question) return;
      const name = question.name.toLowerCase();
      asked.push(`${name} ${TYPE_NAMES.get(question.type) ?? question.type}`);
      const entry = state.zone[name];
      if (entry?.drop) return;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const reply = () => {
        inFlight -= 1;
        send(answer(request, entry, state.unknownNames)).catch(() => undefined);
      };
      if (state.delayMs <= 0) {
        reply();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        reply();
      }, state.delayMs);
      timers.add(timer);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('the test DNS server did not start');

  return {
    address: `127.0.0.1:${port}`,
    get zone() {
      return state.zone;
    },
    set zone(next) {
      state.zone = next;
    },
    get unknownNames() {
      return state.unknownNames;
    },
    set unknownNames(code) {
      state.unknownNames = code;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms) {
      state.delayMs = ms;
    },
    asked,
    count: (name, type) =>
      asked.filter((line) => (type ? line === `${name} ${type}` : line.startsWith(`${name} `)))
        .length,
    get maxInFlight() {
      return maxInFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}

// A DNS server on loopback for the specs that need domains without mail: the
// core's look-ups at import go to it (LIST_CLEANER_DNS_SERVERS, read when an
// import asks), never to the internet. The canary domains resolve, so its
// answers are believed; every domain a spec's list uses is in its zone, and a
// null MX (RFC 7505) is a domain that takes no mail.
import { startDnsServer, type TestDnsServer, type ZoneEntry } from '../unit/checks/dns-server';

const MX = (domain: string): ZoneEntry => ({ mx: [`mx.${domain}`] });

export async function startMailDns(
  withMail: readonly string[],
  withoutMail: readonly string[],
): Promise<{ server: TestDnsServer; restore: () => Promise<void> }> {
  const zone: Record<string, ZoneEntry> = {};
  for (const domain of ['gmail.com', 'outlook.com', 'yahoo.com', ...withMail]) {
    zone[domain] = MX(domain);
  }
  for (const domain of withoutMail) zone[domain] = { mx: ['.'] };
  const server = await startDnsServer(zone);
  const before = process.env.LIST_CLEANER_DNS_SERVERS;
  process.env.LIST_CLEANER_DNS_SERVERS = server.address;
  return {
    server,
    restore: async () => {
      if (before === undefined) delete process.env.LIST_CLEANER_DNS_SERVERS;
      else process.env.LIST_CLEANER_DNS_SERVERS = before;
      await server.close();
    },
  };
}

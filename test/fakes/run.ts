// `npm run fake -- mailchimp|hubspot|klaviyo|brevo [--members N] [--port P]`: one platform
// fake with demo data, for trying the client or the app by hand. Prints its
// base URL and key; Ctrl-C stops it.
import { parseArgs } from 'node:util';
import { demoBrevoContacts, startBrevoFake } from './brevo';
import { demoContacts, startHubSpotFake } from './hubspot';
import { demoProfiles, startKlaviyoFake } from './klaviyo';
import { demoMembers, startMailchimpFake } from './mailchimp';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    members: { type: 'string', default: '1000' },
    port: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const platform = positionals[0];
const PLATFORMS = ['mailchimp', 'hubspot', 'klaviyo', 'brevo'];
if (values.help || platform === undefined || !PLATFORMS.includes(platform)) {
  console.log('Usage: npm run fake -- mailchimp|hubspot|klaviyo|brevo [--members 1000] [--port 0]');
  process.exit(values.help ? 0 : 2);
}
const n = Number(values.members);
const port = Number(values.port);
if (!Number.isInteger(n) || n < 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('fake: --members and --port must be whole numbers');
  process.exit(2);
}

let stop: () => Promise<void>;
if (platform === 'mailchimp') {
  const fake = await startMailchimpFake({
    port,
    lists: [{ id: 'demo000001', name: 'Demo audience', members: demoMembers(n) }],
  });
  console.log(`Mailchimp fake (Marketing API 3.0) at ${fake.url}`);
  console.log(`API key: ${fake.key}`);
  console.log(`LIST_CLEANER_MAILCHIMP_URL=${fake.url} LIST_CLEANER_MAILCHIMP_KEY=${fake.key}`);
  stop = fake.stop;
} else if (platform === 'hubspot') {
  const fake = await startHubSpotFake({
    port,
    contacts: demoContacts(n),
    lists: [{ name: 'Demo list' }],
  });
  console.log(`HubSpot fake (CRM v3) at ${fake.url}`);
  console.log(`Private app token: ${fake.token}`);
  console.log(`LIST_CLEANER_HUBSPOT_URL=${fake.url} LIST_CLEANER_HUBSPOT_TOKEN=${fake.token}`);
  stop = fake.stop;
} else if (platform === 'klaviyo') {
  const fake = await startKlaviyoFake({
    port,
    profiles: demoProfiles(n),
    lists: [{ name: 'Demo list' }],
  });
  console.log(`Klaviyo fake at ${fake.url}`);
  console.log(`Private API key: ${fake.key}`);
  console.log(`LIST_CLEANER_KLAVIYO_URL=${fake.url} LIST_CLEANER_KLAVIYO_KEY=${fake.key}`);
  stop = fake.stop;
} else {
  const fake = await startBrevoFake({
    port,
    contacts: demoBrevoContacts(n),
    lists: [{ name: 'Demo list' }],
  });
  console.log(`Brevo fake (API v3) at ${fake.url}`);
  console.log(`API key: ${fake.key}`);
  console.log(`LIST_CLEANER_BREVO_URL=${fake.url} LIST_CLEANER_BREVO_KEY=${fake.key}`);
  stop = fake.stop;
}
console.log('Press Ctrl-C to stop.');
const quit = () => void stop().then(() => process.exit(0));
process.on('SIGINT', quit);
process.on('SIGTERM', quit);

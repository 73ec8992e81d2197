// `list-cleaner lists <platform>`: the platform's lists (audiences, lists,
// segments) with their ids and sizes, as `clean <platform>:<id>` takes them.
import { appDataDir } from '../data-dir';
import { connectorsFor, parsePlatform } from '../platforms';
import { out } from '../print';
import type { Values } from '../args';

export async function run(values: Values, argument: string | undefined): Promise<number> {
  const platform = parsePlatform(argument, 'lists');
  // Listing reaches only the platform: no service, no jobs.
  const lists = await connectorsFor(appDataDir()).lists(platform);
  if (values.json) {
    out(JSON.stringify(lists));
    return 0;
  }
  if (lists.length === 0) {
    out(`No lists on ${platform}.`);
    return 0;
  }
  const idWidth = Math.max(2, ...lists.map((l) => l.id.length));
  const sizes = lists.map((l) => (l.size === null ? '—' : l.size.toLocaleString('en-US')));
  const sizeWidth = Math.max(7, ...sizes.map((s) => s.length));
  out(`${'ID'.padEnd(idWidth)}  ${'MEMBERS'.padStart(sizeWidth)}  NAME`);
  lists.forEach((l, i) => {
    out(`${l.id.padEnd(idWidth)}  ${(sizes[i] ?? '').padStart(sizeWidth)}  ${l.name}`);
  });
  out(`Check one with: list-cleaner clean ${platform}:${lists[0]?.id ?? '<id>'}`);
  return 0;
}

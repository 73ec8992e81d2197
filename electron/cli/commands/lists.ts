// `list-cleaner lists <platform>`: the platform's lists (audiences, lists,
// segments) with their ids and sizes, as `clean <platform>:<id>` takes them.
import { platformListName } from '../../common/words/platform-list-name';
import { visibleLine } from '../../common/text/one-line';
import { appDataDir } from '../data-dir';
import { connectorsFor, parsePlatform } from '../platforms';
import { out } from '../output/print';
import { num, t } from '../output/say';
import type { Values } from '../args/args';

export async function run(values: Values, argument: string | undefined): Promise<number> {
  const platform = parsePlatform(argument, 'lists');
  // Listing reaches only the platform: no service, no jobs.
  const lists = await connectorsFor(appDataDir()).lists(platform);
  if (values.json) {
    out(JSON.stringify(lists));
    return 0;
  }
  if (lists.length === 0) {
    out(t('cli.lists.none', { platform }));
    return 0;
  }
  const idWidth = Math.max(2, ...lists.map((l) => l.id.length));
  const sizes = lists.map((l) => (l.size === null ? '—' : num(l.size)));
  const sizeWidth = Math.max(7, ...sizes.map((s) => s.length));
  const [id, members, name] = [t('cli.table.id'), t('cli.lists.members'), t('cli.lists.name')];
  const width = Math.max(idWidth, id.length);
  const sizeColumn = Math.max(sizeWidth, members.length);
  out(`${id.padEnd(width)}  ${members.padStart(sizeColumn)}  ${name}`);
  lists.forEach((l, i) => {
    out(
      `${visibleLine(l.id).padEnd(width)}  ${(sizes[i] ?? '').padStart(sizeColumn)}  ${visibleLine(platformListName(t, platform, l.name))}`,
    );
  });
  out(
    t('cli.lists.checkOne', {
      command: `list-cleaner clean ${platform}:${lists[0]?.id ?? '<id>'}`,
    }),
  );
  return 0;
}

// Lists read one after another. Every file of a drop (and a file chosen in
// the Open dialog, a pasted text, a platform's list) becomes its own draft job, read in turn
// by main: one read at a time keeps one progress bar meaningful and main's
// memory bounded. The queue lives in this module, beyond any component, so
// leaving the screen mid-read loses nothing, and a drop while a file is being
// read simply joins the files still to read.
import type { QueryClient } from '@tanstack/react-query';
import type { FileGrantView, ImportView, JobView } from '../../../../electron/ipc/contract';
import { call, errorMessage } from '../../api/call';
import { queryKeys } from '../../api/query-keys';
import { useUiStore } from '../../state/ui-store';
import { useImportFlow } from './import-flow';
import type { Translate } from '../../../../electron/common/i18n/message';
import {
  PLATFORM_NAMES,
  type MemberChoice,
  type PlatformId,
} from '../../../../electron/common/catalogs/platforms';

export interface ListSource {
  /** What the progress calls it while it is read ("april.xlsx", "the pasted list"). */
  reading: string;
  /** What a failure calls it ("april.xlsx could not be used"). */
  failure: string;
  /** Pasted text has no name of its own: the failure says "The pasted list". */
  unnamed?: 'pasted';
  /** Reads it in main and answers its review; throws an ApiError carrying the user's reason. */
  open(): Promise<ImportView>;
  /** A platform's list: its progress counts members read (platform:progress), not bytes. */
  members?: boolean;
}

/** A dropped file: granted to main (the preload's one-use token) only when its turn comes. */
export function fileSource(file: File): ListSource {
  return {
    reading: file.name,
    failure: file.name,
    open: async () => {
      const { token } = await call(window.files.grant(file));
      return call(window.api.list.import({ token }));
    },
  };
}

/** A file main's Open dialog granted already. */
export function grantSource(grant: FileGrantView): ListSource {
  return {
    reading: grant.fileName,
    failure: grant.fileName,
    open: () => call(window.api.list.import({ token: grant.token })),
  };
}

/** A list read from a platform: main reads its members into a draft, reviewed as a file is. */
export function platformSource(
  list: { platform: PlatformId; id: string; name: string },
  choice: MemberChoice,
  t: Translate,
): ListSource {
  const named = t('import.platform.listFrom', {
    list: list.name,
    platform: PLATFORM_NAMES[list.platform],
  });
  return {
    reading: named,
    failure: named,
    members: true,
    open: () =>
      call(window.api.platform.import({ platform: list.platform, listId: list.id, choice })),
  };
}

/** Pasted text: main names its job ("Pasted list, <date>") and reads it as any list. */
export function pasteSource(text: string, t: Translate): ListSource {
  return {
    reading: t('import.pasted.reading'),
    failure: '',
    unnamed: 'pasted',
    open: () => call(window.api.list.paste({ text })),
  };
}

interface Batch {
  /** Sources taken from the queue so far, the one being read included. */
  taken: number;
  total: number;
  /** A review of this batch is showing (or the user opened one meanwhile): later ones wait as drafts. */
  shown: boolean;
  /** The review the batch took the place of, shown again when nothing of the batch could be read. */
  previous: ImportView | null;
}

const waiting: ListSource[] = [];
let batch: Batch | null = null;

/** Adds lists to read; starts reading unless a batch is under way, which they then join. */
export function enqueue(sources: readonly ListSource[], client: QueryClient): void {
  if (sources.length === 0) return;
  waiting.push(...sources);
  const ui = useUiStore.getState();
  ui.go('import');
  if (batch) {
    batch.total += sources.length;
    if (ui.importing) ui.setImporting({ ...ui.importing, total: batch.total });
    return;
  }
  void drain(client);
}

async function drain(client: QueryClient): Promise<void> {
  const ui = useUiStore.getState();
  const current: Batch = { taken: 0, total: waiting.length, shown: false, previous: ui.review };
  batch = current;
  useImportFlow.getState().set({ failures: [] });
  ui.setReview(null);
  try {
    for (let source = waiting.shift(); source; source = waiting.shift()) {
      current.taken += 1;
      useUiStore.getState().setImporting({
        fileName: source.reading,
        progress: null,
        members: source.members ? null : undefined,
        index: current.taken,
        total: current.total,
      });
      await readOne(source, current, client);
    }
  } finally {
    batch = null;
    useUiStore.getState().setImporting(null);
    if (!current.shown) settleWithoutReview(current, client);
  }
}

async function readOne(source: ListSource, current: Batch, client: QueryClient): Promise<void> {
  try {
    const view = await source.open();
    // The Jobs screen and the review's list of drafts waiting show it at once.
    void client.invalidateQueries({ queryKey: queryKeys.jobs.list() });
    if (current.shown) return;
    current.shown = true;
    // The first list read is the one reviewed, at once, while the others are
    // read behind it: the user starts on the file they put first without
    // waiting for the rest, and focus moves once rather than under their
    // hands each time another file is done. The others wait as drafts, listed
    // beside the review. A review the user opened meanwhile (a draft from
    // the Jobs screen) is theirs: it is not taken away.
    if (useUiStore.getState().review !== null) return;
    useImportFlow.getState().set({ focus: 'review' });
    useUiStore.getState().setReview(view);
  } catch (err) {
    // Its reason is shown; the other files go on.
    useImportFlow.getState().addFailure({
      fileName: source.failure,
      message: errorMessage(err),
      ...(source.unnamed ? { unnamed: source.unnamed } : {}),
    });
  }
}

/** Nothing of the batch could be read: the way forward takes focus, and the review it replaced comes back. */
function settleWithoutReview(current: Batch, client: QueryClient): void {
  const previous = current.previous;
  const jobs = client.getQueryData<JobView[]>(queryKeys.jobs.list());
  // Unless it was removed on the Jobs screen meanwhile.
  const stillThere = !jobs || jobs.some((j) => j.id === previous?.job.id && j.state === 'draft');
  if (previous && stillThere && useUiStore.getState().review === null) {
    useUiStore.getState().setReview(previous);
  }
  if (useImportFlow.getState().failures.length > 0)
    useImportFlow.getState().set({ focus: 'failure' });
}

// The route behind the preload's grant channel (shell/file-grant-ipc.ts) and
// the e2e bridge's: outside window.api, so checked here as any channel's
// input is (a path, nothing else), and every answer a result envelope in the
// window's language. What a grant may be is files/grants.ts's rule.
import { z } from 'zod';
import type { Translate } from '../common/i18n/message';
import { fail, ok, type IpcResult } from '../common/result';
import type { FileGrantView } from '../common/views/views';
import type { FileGrants } from '../files/grants';
import { toIpcError } from './registry';

const pathInput = z.string().min(1).max(32_767);

export type FileGrantRoute = (input: unknown) => Promise<IpcResult<FileGrantView>>;

export function fileGrantRoute(
  files: Pick<FileGrants, 'grant'>,
  words: () => Translate,
): FileGrantRoute {
  return async (input) => {
    const parsed = pathInput.safeParse(input);
    if (!parsed.success) {
      return fail({ code: 'invalid_input', message: words()('error.file.notFromComputer') });
    }
    try {
      return ok(await files.grant(parsed.data));
    } catch (err) {
      return fail(toIpcError(err, words()));
    }
  };
}

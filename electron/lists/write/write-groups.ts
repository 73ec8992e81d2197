// "Save by status…": the cleaned list split into one file per group of rows
// (deliverable, undeliverable, unknown, removed), each written as a whole
// export of its own into the folder the user chose, named after the list.
// Groups without rows get no file; a name already taken in the folder gets
// " (2)", so nothing of the user's is replaced.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { STATUS_GROUPS, type ExportFormat, type StatusGroup } from '../../common/model';
import { eachRowChunk } from '../read/row-index';
import type { ImportedList } from '../types';
import { exportList, type ExportOptions } from './write';
import { keepsStatus, rowFacts, type OutcomeLookup } from '../judge/row-facts';
import { exportWorkbook } from './write-xlsx';

export interface GroupFile {
  group: StatusGroup;
  path: string;
  rows: number;
}

export interface GroupsOptions extends Omit<ExportOptions, 'destPath' | 'filter'> {
  folder: string;
  /** The list's name without extension: "<stem> - deliverable.xlsx". */
  stem: string;
  format: ExportFormat;
  fileName: string;
}

/** Rows of each group, from the row index and the outcomes: nothing is read but the index. */
export async function countGroups(
  list: ImportedList,
  outcomeOf: OutcomeLookup,
): Promise<Record<StatusGroup, number>> {
  const counts: Record<StatusGroup, number> = {
    deliverable: 0,
    undeliverable: 0,
    unknown: 0,
    removed: 0,
  };
  const factsOf = rowFacts(outcomeOf, {});
  await eachRowChunk(list.rowIndexPath, (entries) => {
    for (const entry of entries) {
      const { status } = factsOf(entry);
      for (const group of STATUS_GROUPS) {
        if (keepsStatus(group, status)) {
          counts[group] += 1;
          break;
        }
      }
    }
  });
  return counts;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function freeName(folder: string, stem: string, ext: string): Promise<string> {
  for (let n = 1; ; n++) {
    const path = join(folder, `${stem}${n === 1 ? '' : ` (${n})`}.${ext}`);
    if (!(await exists(path))) return path;
  }
}

export async function exportGroups(
  list: ImportedList,
  outcomeOf: OutcomeLookup,
  options: GroupsOptions,
): Promise<{ files: GroupFile[]; empty: StatusGroup[] }> {
  const { folder, stem, format, fileName, ...rest } = options;
  const counts = await countGroups(list, outcomeOf);
  const files: GroupFile[] = [];
  const empty: StatusGroup[] = [];
  for (const group of STATUS_GROUPS) {
    if (counts[group] === 0) {
      empty.push(group);
      continue;
    }
    const destPath = await freeName(folder, `${stem} - ${group}`, format);
    const written =
      format === 'xlsx'
        ? await exportWorkbook(list, outcomeOf, { ...rest, destPath, filter: group, fileName })
        : await exportList(list, outcomeOf, { ...rest, destPath, filter: group });
    files.push({ group, path: written.path, rows: written.rowsWritten });
  }
  return { files, empty };
}

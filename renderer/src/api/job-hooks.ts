// Server state of lists and jobs through TanStack Query. Main pushes
// job:changed for every change; useJobEvents writes it into the cache, so the
// jobs list and a job's results stay live without polling.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { ImportProgressView, JobProduct, JobView } from '../../../electron/ipc/contract';
import type { RowFilter, SkipChoice } from '../../../electron/common/views/views';
import type { OthersChoice } from '../../../electron/common/model';
import { call } from './call';
import { queryKeys, type ExportRows } from './query-keys';

export const ROWS_PAGE = 200;

export function useJobs(enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.list(),
    queryFn: () => call(window.api.job.list()),
    enabled,
  });
}

export function useJob(jobId: string | null): JobView | undefined {
  const jobs = useJobs(jobId !== null);
  return jobs.data?.find((j) => j.id === jobId);
}

export function useEstimate(
  jobId: string | null,
  product: JobProduct,
  skip: SkipChoice,
  others: OthersChoice = 'skip',
) {
  return useQuery({
    queryKey: queryKeys.jobs.estimate(jobId ?? '', product, skip, others),
    queryFn: () =>
      call(
        window.api.job.estimate({
          jobId: jobId ?? '',
          product,
          skip,
          ...(product === 'avatar' ? { others } : {}),
        }),
      ),
    enabled: jobId !== null,
    staleTime: 30_000,
    // A changed choice keeps the last figures on screen (marked busy) until the new ones come.
    placeholderData: keepPreviousData,
  });
}

export function useJobSummary(jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobs.summary(jobId ?? ''),
    queryFn: () => call(window.api.job.summary({ jobId: jobId ?? '' })),
    enabled: jobId !== null,
  });
}

/**
 * One page of a job's rows (ROWS_PAGE rows), for the virtualized table: of
 * all rows, or of those `filter` passes (null: no filter).
 */
export function useJobRows(jobId: string, page: number, filter: RowFilter | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.rows(jobId, page, filter),
    queryFn: () =>
      call(
        window.api.job.rows({
          jobId,
          offset: page * ROWS_PAGE,
          limit: ROWS_PAGE,
          ...(filter ? { filter } : {}),
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** A finished job's unique addresses by domain: the top domains and the rest together. */
export function useJobDomains(jobId: string) {
  return useQuery({
    queryKey: queryKeys.jobs.domains(jobId),
    queryFn: () => call(window.api.job.domains({ jobId })),
    staleTime: Infinity,
  });
}

/** The hard bounces to expect if the rows an export keeps were sent now, against the user's limit. */
export function useJobForecast(jobId: string, filter: ExportRows, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.forecast(jobId, filter),
    queryFn: () => call(window.api.job.forecast({ jobId, filter })),
    enabled,
  });
}

export function useImportList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(window.api.list.import({ token })),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.jobs.list() }),
  });
}

/** A draft's review again, as its import left it (main does not read the file again). */
export function useReviewDraft() {
  return useMutation({
    mutationFn: (jobId: string) => call(window.api.list.review({ jobId })),
  });
}

export function useChooseColumn() {
  return useMutation({
    mutationFn: (input: { jobId: string; column: number }) => call(window.api.list.column(input)),
  });
}

/** A draft workbook read again from another of its sheets: a new review, or main's reason. */
export function useChooseSheet() {
  return useMutation({
    mutationFn: (input: { jobId: string; sheet: number }) => call(window.api.list.sheet(input)),
  });
}

export function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      jobId: string;
      product: JobProduct;
      skip: SkipChoice;
      /** Email + avatar: what becomes of the addresses it does not cover. */
      others?: OthersChoice;
      /** The user saw the estimate go over the spending limit and starts anyway. */
      overLimit?: true;
    }) => call(window.api.job.start(input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.jobs.list() });
      void client.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}

/** Checks a random sample before the rest: paid, part of the job; answers the review again. */
export const SAMPLE_MUTATION = ['job', 'sample'] as const;

export function useSampleJob() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: SAMPLE_MUTATION,
    mutationFn: (input: {
      jobId: string;
      product: JobProduct;
      skip: SkipChoice;
      others?: OthersChoice;
    }) => call(window.api.job.sample(input)),
    onSuccess: (view) => {
      // What is left to send, and the balance, changed by the sample.
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimatesOf(view.job.id) });
      void client.invalidateQueries({ queryKey: queryKeys.balance });
      void client.invalidateQueries({ queryKey: queryKeys.memory });
    },
  });
}

/** No new requests for a job; what is on its way is waited for and kept. Continue is job:resume. */
export function useStopJob() {
  return useMutation({
    mutationFn: (jobId: string) => call(window.api.job.stop({ jobId })),
  });
}

export function useResumeJob() {
  return useMutation({
    mutationFn: (jobId: string) => call(window.api.job.resume({ jobId })),
  });
}

export function useContinueJob() {
  return useMutation({
    mutationFn: (jobId: string) => call(window.api.job.continue({ jobId })),
  });
}

export function useRemoveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => call(window.api.job.remove({ jobId })),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.jobs.list() }),
  });
}

export function useExportJob() {
  return useMutation({
    mutationFn: (input: Parameters<typeof window.api.job.export>[0]) =>
      call(window.api.job.export(input)),
  });
}

/** "Save by status…": one file per outcome group in a folder main asks for; null when cancelled. */
export function useExportByStatus() {
  return useMutation({
    mutationFn: (input: Parameters<typeof window.api.job.split>[0]) =>
      call(window.api.job.split(input)),
  });
}

export function useShowInFolder() {
  return useMutation({
    mutationFn: (fileId: string) => call(window.api.file.show({ fileId })),
  });
}

export function useQuickCheck() {
  return useMutation({
    mutationFn: (input: { address: string; product: JobProduct }) =>
      call(window.api.check.one(input)),
  });
}

/**
 * Writes each pushed job into the jobs list, and drops a finished job's
 * cached rows and summary so they are read again with their outcomes.
 */
export function useJobEvents(onProgress?: (p: ImportProgressView) => void): void {
  const client = useQueryClient();
  useEffect(() => {
    const offJob = window.api.events.onJobChanged((job: JobView) => {
      client.setQueryData<JobView[]>(queryKeys.jobs.list(), (jobs) => {
        if (!jobs) return jobs;
        const at = jobs.findIndex((j) => j.id === job.id);
        if (at === -1) return [job, ...jobs];
        const next = jobs.slice();
        next[at] = job;
        return next;
      });
      void client.invalidateQueries({ queryKey: queryKeys.jobs.summary(job.id) });
      if (job.state === 'done' || job.state === 'failed') {
        void client.invalidateQueries({ queryKey: queryKeys.jobs.rowsOf(job.id) });
        // A failed job's table counted only what it had; resumed to done, it counts again.
        void client.invalidateQueries({ queryKey: queryKeys.jobs.domains(job.id) });
        // What the job cost is now settled at the service: read the balance again.
        void client.invalidateQueries({ queryKey: queryKeys.balance });
        // Its answers are remembered: the count in Settings grows.
        void client.invalidateQueries({ queryKey: queryKeys.memory });
      }
    });
    const offProgress = window.api.events.onListProgress((p) => onProgress?.(p));
    return () => {
      offJob();
      offProgress();
    };
  }, [client, onProgress]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { MAX_FILES_PER_CALL, type TFileInfo } from '@esigns/contracts/files';
import { isApiError } from '../../../shared/api/api-error';
import { fetchUploadStatus, requestUploadTicket } from './upload-api';
import { checkDocumentFile, documentContentType, putFileWithProgress } from './upload-files';

/**
 * `invalid`: refused in the browser (type, size, empty), can only be removed; `queued`: waits for
 * a free upload slot; `uploading`: bytes on the way (progress 0..1); `converting`: uploaded, the
 * server converts it to PDF; `ready`: converted; `failed`: refused by the server or interrupted,
 * can be retried.
 */
export type UploadPhase = 'invalid' | 'queued' | 'uploading' | 'converting' | 'ready' | 'failed';

export type UploadItem = {
  id: string;
  file: File;
  phase: UploadPhase;
  progress: number;
  fileInfo: TFileInfo | null;
  error: string | null;
  /** Bumped on retry, so a retried upload starts once. */
  attempt: number;
};

export type UploadQueueOptions = {
  /** First wait between status polls while the server converts; grows to 5 s. */
  pollDelayMs?: number;
  maxConcurrent?: number;
  maxFiles?: number;
};

/** Polls of one conversion before giving up (several minutes at the longest wait). */
const MAX_POLLS = 240;
const MAX_POLL_DELAY_MS = 5000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The message shown on a file's row for a failure: a 422's first detail, else the message. */
export function uploadErrorText(error: unknown): string {
  if (isApiError(error)) {
    const detail = Object.values(error.fieldErrors)[0];
    return detail ?? error.message;
  }
  return error instanceof Error && error.message ? error.message : 'The upload failed. Please try again.';
}

async function waitForConversion(fileRefId: string, signal: AbortSignal, firstDelayMs: number) {
  let delay = firstDelayMs;
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    const status = await fetchUploadStatus(fileRefId, signal);
    if (status.status === 'UPLOADED') {
      const info = status.fileInfos?.[0];
      if (!info) throw new Error('The file could not be converted to PDF.');
      return info;
    }
    await sleep(delay, signal);
    delay = Math.min(Math.max(delay * 1.5, 1), MAX_POLL_DELAY_MS);
  }
  throw new Error('Converting this file is taking too long. Please try again.');
}

let nextId = 0;
function newItem(file: File): UploadItem {
  nextId += 1;
  const problem = checkDocumentFile(file);
  return {
    id: `upload-${Date.now().toString(36)}-${nextId}`,
    file,
    phase: problem ? 'invalid' : 'queued',
    progress: 0,
    fileInfo: null,
    error: problem,
    attempt: 0,
  };
}

/**
 * The files of the upload screen: each one is checked, given an upload address, PUT with progress,
 * then polled until the server has converted it; a few at a time. Files can be retried, removed
 * and reordered; unmounting cancels what is under way.
 */
export function useUploadQueue({
  pollDelayMs = 1000,
  maxConcurrent = 3,
  maxFiles = MAX_FILES_PER_CALL,
}: UploadQueueOptions = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [refusedCount, setRefusedCount] = useState(0);
  const controllers = useRef(new Map<string, AbortController>());
  const started = useRef(new Set<string>());

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      const { signal } = controller;
      try {
        const contentType = documentContentType(item.file) ?? 'application/octet-stream';
        const ticket = await requestUploadTicket(
          { file_name: item.file.name, content_type: contentType, size: item.file.size },
          signal,
        );
        await putFileWithProgress(ticket.upload_url, item.file, contentType, {
          signal,
          onProgress: (progress) => patch(item.id, { progress }),
        });
        patch(item.id, { phase: 'converting', progress: 1 });
        const fileInfo = await waitForConversion(ticket.file_ref_id, signal, pollDelayMs);
        patch(item.id, { phase: 'ready', fileInfo, error: null });
      } catch (error) {
        if (!signal.aborted) patch(item.id, { phase: 'failed', error: uploadErrorText(error) });
      } finally {
        if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id);
      }
    },
    [patch, pollDelayMs],
  );

  // Starts queued files while fewer than `maxConcurrent` are on their way.
  useEffect(() => {
    let busy = items.filter((item) => item.phase === 'uploading' || item.phase === 'converting').length;
    for (const item of items) {
      if (busy >= maxConcurrent) break;
      if (item.phase !== 'queued') continue;
      const key = `${item.id}:${item.attempt}`;
      if (started.current.has(key)) continue;
      started.current.add(key);
      busy += 1;
      patch(item.id, { phase: 'uploading', progress: 0 });
      void run(item);
    }
  }, [items, maxConcurrent, patch, run]);

  useEffect(() => {
    const map = controllers.current;
    return () => {
      for (const controller of map.values()) controller.abort();
      map.clear();
    };
  }, []);

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const addFiles = useCallback(
    (files: File[]) => {
      const room = Math.max(0, maxFiles - itemsRef.current.length);
      const accepted = files.slice(0, room).map(newItem);
      itemsRef.current = [...itemsRef.current, ...accepted];
      setRefusedCount(files.length - accepted.length);
      setItems((current) => [...current, ...accepted]);
    },
    [maxFiles],
  );

  const retry = useCallback((id: string) => {
    setItems((current) =>
      current.map((item) =>
        item.id === id && item.phase === 'failed'
          ? { ...item, phase: 'queued', progress: 0, error: null, attempt: item.attempt + 1 }
          : item,
      ),
    );
  }, []);

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
    setRefusedCount(0);
  }, []);

  /** Moves the file `id` to where `overId` is (drag and drop). */
  const moveTo = useCallback((id: string, overId: string) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const to = current.findIndex((item) => item.id === overId);
      return from < 0 || to < 0 || from === to ? current : arrayMove(current, from, to);
    });
  }, []);

  /** Moves the file `id` one place up (-1) or down (+1). */
  const moveBy = useCallback((id: string, step: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const to = from + step;
      return from < 0 || to < 0 || to >= current.length ? current : arrayMove(current, from, to);
    });
  }, []);

  /** Shows a server refusal (e.g. a 422 at `file_ref_ids.1` of the merge) on that file's row. */
  const markFailed = useCallback(
    (id: string, error: string) => patch(id, { phase: 'failed', error }),
    [patch],
  );

  return { items, refusedCount, addFiles, retry, remove, moveTo, moveBy, markFailed };
}

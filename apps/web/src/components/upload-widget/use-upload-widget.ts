import { TIMINGS } from '@plotline/core';
import { useEffect, useRef, useState } from 'react';
import { addToSelection } from './file-selection.ts';

/**
 * Sends the chosen files. It reports the share sent as a whole percentage and stops when the signal
 * aborts; it rejects with an Error whose message is the one to show. When a file's upload continues
 * one begun before a reload, it says so with `onResume` and that file's share already sent.
 */
export type UploadFiles = (
  files: File[],
  onProgress: (percent: number) => void,
  signal: AbortSignal,
  onResume: (file: File, percent: number) => void,
) => Promise<unknown>;

/** An upload that goes on from where an earlier one stopped: the file's name and share kept. */
export interface ResumedUpload {
  name: string;
  percent: number;
}

export interface UploadWidgetState {
  files: File[];
  /** The percentage sent while the bar shows (during an upload and briefly after); else null. */
  progress: number | null;
  /** The latest file of this upload that continues an earlier one, shown with the bar. */
  resumed: ResumedUpload | null;
  uploading: boolean;
  /** The last pick was (partly) refused for passing the upload limit. */
  tooLarge: boolean;
  /** Why the last upload failed. */
  error: string | null;
  pick: (picked: readonly File[]) => void;
  remove: (file: File) => void;
  start: () => void;
  dismissTooLarge: () => void;
  dismissError: () => void;
}

/** Spec §9: a finished upload's progress bar stays this long at 100 % before it hides. */

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The upload widget of spec §4: idle, files selected, uploading with progress, then complete (the
 * selection cleared) or failed (progress reset, selection cleared, the reason kept for an alert).
 * Leaving the page aborts an upload under way.
 */
export function useUploadWidget(upload: UploadFiles, multiple: boolean): UploadWidgetState {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [resumed, setResumed] = useState<ResumedUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => {
      setProgress(null);
      setComplete(false);
    }, TIMINGS.progressHideMs);
    return () => window.clearTimeout(timer);
  }, [complete]);

  const pick = (picked: readonly File[]) => {
    const change = addToSelection(files, picked, multiple);
    setFiles(change.files);
    setTooLarge(change.tooLarge);
    setError(null);
  };

  const start = () => {
    if (files.length === 0 || uploading) return;
    const abort = new AbortController();
    controller.current = abort;
    setUploading(true);
    setComplete(false);
    setError(null);
    setTooLarge(false);
    setProgress(0);
    setResumed(null);
    upload(files, setProgress, abort.signal, (file, percent) =>
      setResumed({ name: file.name, percent }),
    )
      .then(
        () => {
          setProgress(100);
          setComplete(true);
        },
        (failure: unknown) => {
          if (isAbort(failure)) return;
          setProgress(null);
          setError(failure instanceof Error ? failure.message : String(failure));
        },
      )
      .finally(() => {
        if (abort.signal.aborted) return;
        setFiles([]);
        setUploading(false);
      });
  };

  return {
    files,
    progress,
    resumed,
    uploading,
    tooLarge,
    error,
    pick,
    remove: (file) => setFiles((current) => current.filter((chosen) => chosen !== file)),
    start,
    dismissTooLarge: () => setTooLarge(false),
    dismissError: () => setError(null),
  };
}

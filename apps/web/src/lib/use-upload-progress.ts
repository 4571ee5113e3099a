import { TIMINGS } from '@plotline/core';
import { useEffect, useState } from 'react';

export interface UploadProgress {
  /** The percentage sent while the bar shows (during the upload and briefly after); else null. */
  progress: number | null;
  /** The picked image, shown from the moment it is picked until it is forgotten or refused. */
  preview: string | null;
  /** A file is on its way: the bar starts at 0 and the file shows at once. */
  start: (file: File) => void;
  setProgress: (percent: number) => void;
  /** The upload is done: the bar fills, then hides once the caller's upload reports finished. */
  finish: () => void;
  /** The upload was refused: no bar, no preview. */
  fail: () => void;
  clearPreview: () => void;
}

/**
 * The progress bar and preview of a single-image upload (spec §4's upload states, §9's timing):
 * `finished` is the upload call's success, and a finished bar hides after TIMINGS.progressHideMs.
 * The preview's object URL is revoked when it is replaced or forgotten.
 */
export function useUploadProgress(finished: boolean): UploadProgress {
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => setProgress(null), TIMINGS.progressHideMs);
    return () => window.clearTimeout(timer);
  }, [finished]);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  return {
    progress,
    preview,
    start: (file) => {
      setProgress(0);
      setPreview(URL.createObjectURL(file));
    },
    setProgress,
    finish: () => setProgress(100),
    fail: () => {
      setProgress(null);
      setPreview(null);
    },
    clearPreview: () => setPreview(null),
  };
}

import { useMemo } from 'react';
import { useAppStore } from './app-store.ts';

const UNITS = [
  { unit: 'gigabyte', bytes: 1e9 },
  { unit: 'megabyte', bytes: 1e6 },
  { unit: 'kilobyte', bytes: 1e3 },
] as const;

/** A file size in decimal units, as the spec counts them (1 GB = 1,000,000,000 bytes). */
export function formatBytes(bytes: number, language: string): string {
  const { unit, bytes: size } = UNITS.find((candidate) => bytes >= candidate.bytes) ?? {
    unit: 'byte',
    bytes: 1,
  };
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / size);
}

/** File sizes in the app's language. */
export function useByteFormat(): (bytes: number) => string {
  const language = useAppStore((state) => state.language);
  return useMemo(() => (bytes: number) => formatBytes(bytes, language), [language]);
}

import type {
  MaintenanceRepository,
  StoredMaintenance,
} from '../../modules/maintenance/maintenance.repository.ts';

/** Row 1 of `operator_settings` as written: the switch, its message, who set it and when. */
export type FakeMaintenanceRow = StoredMaintenance & { updatedBy: number; at: Date };

/**
 * The operator's maintenance switch as the repository stores it: absent (off, no message) until
 * first written. `reads` counts the reads, by which a test sees what the service's cache spares;
 * `row` is the stored row, which a test may also set as another API process would.
 */
export function createFakeMaintenanceSettings() {
  const settings = {
    reads: 0,
    row: null as FakeMaintenanceRow | null,
    async read(): Promise<StoredMaintenance> {
      settings.reads += 1;
      return settings.row
        ? { on: settings.row.on, message: settings.row.message }
        : { on: false, message: '' };
    },
    async write(values: FakeMaintenanceRow): Promise<void> {
      settings.row = { ...values };
    },
  } satisfies Pick<MaintenanceRepository, 'read' | 'write'> & Record<string, unknown>;
  return settings;
}

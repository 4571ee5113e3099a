import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { operatorSettings } from '../../db/schema/index.ts';

/** The operator's switch as stored: row 1 of `operator_settings`, absent until first set. */
export interface StoredMaintenance {
  on: boolean;
  message: string;
}

const SETTINGS_ROW = 1;

export function createMaintenanceRepository(db: Executor) {
  return {
    async read(tx: Executor = db): Promise<StoredMaintenance> {
      const [row] = await tx
        .select({
          on: operatorSettings.maintenance,
          message: operatorSettings.maintenanceMessage,
        })
        .from(operatorSettings)
        .where(eq(operatorSettings.id, SETTINGS_ROW));
      return row ?? { on: false, message: '' };
    },

    async write(
      settings: StoredMaintenance & { updatedBy: number; at: Date },
      tx: Executor = db,
    ): Promise<void> {
      const values = {
        maintenance: settings.on,
        maintenanceMessage: settings.message,
        updatedBy: settings.updatedBy,
        updatedAt: settings.at,
      };
      await tx
        .insert(operatorSettings)
        .values({ id: SETTINGS_ROW, ...values })
        .onConflictDoUpdate({ target: operatorSettings.id, set: values });
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;

import { maintenanceStateSchema, type MaintenanceUpdate } from '@plotline/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MAINTENANCE_PATH, maintenanceKey } from '../../../api/maintenance.ts';

/** `PUT /api/maintenance`: the root user's switch. */
export function switchMaintenance(update: MaintenanceUpdate) {
  return apiRequest(MAINTENANCE_PATH, {
    method: 'PUT',
    body: update,
    schema: maintenanceStateSchema,
  });
}

export function useSwitchMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...maintenanceKey, 'switch'],
    mutationFn: switchMaintenance,
    onSuccess: (state) => queryClient.setQueryData(maintenanceKey, state),
  });
}

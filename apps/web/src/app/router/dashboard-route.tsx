import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { MaintenanceCard } from '../../features/maintenance/components/maintenance-card.tsx';

/** The dashboard, with the root user's maintenance switch where an operator looks first. */
export function DashboardRoute() {
  return <DashboardPage operatorPanel={<MaintenanceCard />} />;
}

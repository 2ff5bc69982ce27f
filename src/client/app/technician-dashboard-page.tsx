import { ProtocolsTab } from "@/client/features/protocols/components/protocols-tab";
import { TechnicianDashboardPage as Dashboard } from "@/client/features/technician/technician-dashboard-page";

/**
 * /technician: the technician feature's dashboard with the protocols feature's tab in it. Features do
 * not import each other (issue 28); the app shell is where two of them meet.
 */
export default function TechnicianDashboardPage() {
  return <Dashboard protocolsTab={<ProtocolsTab />} />;
}

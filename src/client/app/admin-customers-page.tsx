import { AgreementsSection } from "@/client/features/admin/agreements/components/agreements-section";
import CustomersPage from "@/client/features/admin/customers/customers-page";

/**
 * /admin/customers: the customer register with each customer's service agreements (issue 26) in
 * their dialog. Features do not import each other (issue 28); the app shell is where two of them meet.
 */
export default function AdminCustomersPage() {
  return <CustomersPage agreementsSection={(customerId) => <AgreementsSection customerId={customerId} />} />;
}

import { AgreementsSection } from "@/client/features/admin/agreements/components/agreements-section";
import ProductsPage from "@/client/features/admin/products/products-page";

/**
 * /admin/products: the products with each product's service agreements (issue 26) in its dialog.
 * Features do not import each other (issue 28); the app shell is where two of them meet.
 */
export default function AdminProductsPage() {
  return <ProductsPage agreementsSection={(product) => <AgreementsSection customerId={product.customerId} productId={product.id} />} />;
}

import { AgreementsSection } from "@/client/features/admin/agreements/components/agreements-section";
import ProductsPage from "@/client/features/admin/products/products-page";
import { ProductRefrigerantSection } from "@/client/features/admin/refrigerant/components/product-refrigerant-section";

/**
 * /admin/products: the products with each product's service agreements and its refrigerant register
 * entry and timeline (issue 26) in its dialog. Features do not import each other (issue 28); the app
 * shell is where they meet.
 */
export default function AdminProductsPage() {
  return (
    <ProductsPage
      extraSections={(product) => (
        <>
          <AgreementsSection customerId={product.customerId} productId={product.id} />
          <ProductRefrigerantSection productId={product.id} />
        </>
      )}
    />
  );
}

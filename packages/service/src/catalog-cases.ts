// Reading the catalog: materials, products, profiles.
import { MaterialsQuery, ProductQuery, ProfileQuery, ServiceError, parseRequest } from '@shop/contracts';
import type { LeadTime, MaterialList, Product, ProductList, ProfileList, TierKind } from '@shop/contracts';
import { productLeadTime } from '@shop/pricing';
import type { Catalog } from '@shop/catalog';
import type { RequestContext } from './context';
import type { RateLimits } from './rate-limits';

export interface ListProductsOptions {
  /** Leave the design tier out (the assistant tools do not offer it). */
  withoutDesignTier?: boolean;
}

export function createCatalogCases(catalog: Catalog, limits: RateLimits) {
  return {
    async listMaterials(query: unknown, ctx: RequestContext): Promise<MaterialList> {
      await limits.consume('reading', ctx.clientIp);
      parseRequest(MaterialsQuery, query ?? {});
      return { object: 'list', data: catalog.listMaterials(), has_more: false, next_cursor: null };
    },

    async listProducts(query: unknown, ctx: RequestContext, options: ListProductsOptions = {}): Promise<ProductList> {
      await limits.consume('reading', ctx.clientIp);
      const page = catalog.listProducts(parseRequest(ProductQuery, query ?? {}));
      return options.withoutDesignTier ? { ...page, data: page.data.map(withoutDesign) } : page;
    },

    async getProduct(slug: string, ctx: RequestContext): Promise<Product> {
      await limits.consume('reading', ctx.clientIp);
      const product = catalog.getProduct(slug);
      if (!product) throw new ServiceError('product_not_found', `No published product has the slug "${slug}"; list them with search_products or GET /products.`);
      return product;
    },

    /** The lead time of a quantity of one tier, as a quote of it would state it; null when confirmed with the quote. */
    productLeadTime(product: Product, tier: TierKind, quantity: number): LeadTime | null {
      const found = product.tiers.find((candidate) => candidate.kind === tier);
      return found ? productLeadTime(found, quantity, catalog.priceTables.productLeadTimes) : null;
    },

    async listProfiles(query: unknown, ctx: RequestContext): Promise<ProfileList> {
      await limits.consume('reading', ctx.clientIp);
      return catalog.listProfiles(parseRequest(ProfileQuery, query ?? {}));
    },
  };
}

function withoutDesign(product: Product): Product {
  return { ...product, tiers: product.tiers.filter((tier) => tier.kind !== 'design') };
}

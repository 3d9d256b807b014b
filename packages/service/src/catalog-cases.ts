// Reading the catalog: materials, products, profiles.
import { MaterialsQuery, ProductQuery, ProfileQuery, ServiceError, parseRequest } from '@shop/contracts';
import type { LeadTime, MaterialList, Product, ProductList, ProfileList, TierKind } from '@shop/contracts';
import { productLeadTime } from '@shop/pricing';
import type { RequestContext } from './context';
import type { RateLimits } from './rate-limits';
import type { ShopState } from './shop-state';

export interface ListProductsOptions {
  /** Leave the design tier out (the assistant tools do not offer it). */
  withoutDesignTier?: boolean;
}

export function createCatalogCases(state: Pick<ShopState, 'current' | 'latest'>, limits: RateLimits) {
  return {
    async listMaterials(query: unknown, ctx: RequestContext): Promise<MaterialList> {
      await limits.consume('reading', ctx.clientIp);
      parseRequest(MaterialsQuery, query ?? {});
      // Empty while plate orders are switched off or paused (SPEC).
      return { object: 'list', data: (await state.current(ctx.now)).catalog.listMaterials(), has_more: false, next_cursor: null };
    },

    async listProducts(query: unknown, ctx: RequestContext, options: ListProductsOptions = {}): Promise<ProductList> {
      await limits.consume('reading', ctx.clientIp);
      const page = (await state.current(ctx.now)).catalog.listProducts(parseRequest(ProductQuery, query ?? {}));
      return options.withoutDesignTier ? { ...page, data: page.data.map(withoutDesign) } : page;
    },

    async getProduct(slug: string, ctx: RequestContext): Promise<Product> {
      await limits.consume('reading', ctx.clientIp);
      const product = (await state.current(ctx.now)).catalog.getProduct(slug);
      if (!product) throw new ServiceError('product_not_found', `No published product has the slug "${slug}"; list them with search_products or GET /products.`);
      return product;
    },

    /** The lead time of a quantity of one tier, as a quote of it would state it; null when confirmed with the quote. */
    productLeadTime(product: Product, tier: TierKind, quantity: number): LeadTime | null {
      const found = product.tiers.find((candidate) => candidate.kind === tier);
      return found ? productLeadTime(found, quantity, state.latest().catalog.priceTables.productLeadTimes) : null;
    },

    async listProfiles(query: unknown, ctx: RequestContext): Promise<ProfileList> {
      await limits.consume('reading', ctx.clientIp);
      return (await state.current(ctx.now)).catalog.listProfiles(parseRequest(ProfileQuery, query ?? {}));
    },
  };
}

function withoutDesign(product: Product): Product {
  return { ...product, tiers: product.tiers.filter((tier) => tier.kind !== 'design') };
}

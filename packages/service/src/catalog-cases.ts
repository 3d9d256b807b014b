// Reading the catalog: materials, products, profiles.
import { MaterialsQuery, ProductQuery, ProfileQuery, ServiceError, parseRequest } from '@shop/contracts';
import type { MaterialList, Product, ProductList, ProfileList } from '@shop/contracts';
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
      if (!product) throw new ServiceError('product_not_found', `No published product has the slug "${slug}"; GET /products lists them.`);
      return product;
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

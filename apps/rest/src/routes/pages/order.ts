// The order page: the items of a handoff's quotes, each with its button.
import { PAGE_ROUTES, ServiceError } from '@shop/contracts';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { formatDate } from '../../pages/format';
import { renderOrderPage } from '../../pages/order-page';
import type { PageKit } from './kit';

export function mountOrderPage({ router, run, service, ctx, config, target, sendPage }: PageKit): void {
  router.get(
    PAGE_ROUTES.order,
    setPageSecurityHeaders,
    run(async (req, res) => {
      const page = await service.getOrderPage(String(req.params.handoff_id), ctx(req));
      if (page.expired) {
        throw new ServiceError(
          'link_expired',
          `The quotes on this order page expired on ${formatDate(page.handoff.expires_at)}: quotes hold their prices for 7 days.`,
          { details: { link: 'order' } },
        );
      }
      sendPage(res, 200, renderOrderPage({ shopName: config.shopName, target, page }));
    }),
  );
}

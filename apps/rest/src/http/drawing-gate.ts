// Admission of drawing uploads before a byte of their body is read: the drawing queue asked first,
// and the bytes of drawings this process holds (being received, or waiting for a drawing process)
// kept under a cap, so slow uploads cannot grow the process past it (issue: 120 slow 5 MiB uploads
// took REST to a gigabyte), and at most a few uploads at once from one address. A refusal is 503
// service_busy (429 rate_limited for one address's share) with Retry-After, the body never received.
import { ServiceError } from '@shop/contracts';
import type { Request, Response } from 'express';

export interface DrawingGateOptions {
  /** Bytes of drawing bodies held at once across the process. */
  maxBytes: number;
  /** The most one upload can hold (its limit): what a body of unknown length reserves. */
  uploadBytes: number;
  /** The drawing processes' queue: tasks waiting, and how many may wait. */
  queue: () => { queued: number; capacity: number };
  /** Uploads one client address may have arriving or waiting at once (default 4). */
  perClient?: number;
}

export interface DrawingGate {
  /**
   * Reserves room for this request's body, released when its answer is done (or the client goes
   * away); throws 503 service_busy (Retry-After) when the queue or the byte cap has no room.
   */
  reserve(req: Request, res: Response, clientIp: string): void;
  /** Bytes reserved and uploads holding them, for /metrics. */
  stats(): { bytes: number; uploads: number };
}

/** Seconds a refused upload is told to wait: about the time a large drawing takes to read. */
const DRAWING_RETRY_AFTER_SECONDS = 5;

export function createDrawingGate(options: DrawingGateOptions): DrawingGate {
  let bytes = 0;
  let uploads = 0;
  const perClient = options.perClient ?? 4;
  // Uploads held per address: one address trickling many small bodies must not hold every slot.
  const byClient = new Map<string, number>();
  const busy = (why: string) =>
    new ServiceError('service_busy', `The service is reading as many drawings as it takes at once (${why}); nothing was read or kept. Send the drawing again in ${DRAWING_RETRY_AFTER_SECONDS} seconds.`, {
      retryAfterSeconds: DRAWING_RETRY_AFTER_SECONDS,
    });
  return {
    reserve(req, res, clientIp) {
      const announced = Number(req.headers['content-length']);
      // A body of unknown length (chunked) may grow to the limit: it reserves the limit. A NaN or
      // negative length is not believed either.
      const want = Number.isFinite(announced) && announced >= 0 ? Math.min(announced, options.uploadBytes) : options.uploadBytes;
      const { queued, capacity } = options.queue();
      const mine = byClient.get(clientIp) ?? 0;
      // Each upload being received becomes a task: it counts as waiting already.
      if (!(queued + uploads < capacity)) throw busy('the drawing queue is full');
      // The second half of the queue is kept for addresses with no drawing on its way: a few
      // addresses sending drawing after drawing cannot fill it before another customer's first.
      if (mine > 0 && !(queued + uploads < capacity / 2)) throw busy('the drawing queue is half full and this address already has a drawing on its way');
      if (!(bytes + want <= options.maxBytes) && uploads > 0) throw busy('too many megabytes of drawings are arriving');
      if (!(mine < perClient)) {
        throw new ServiceError('rate_limited', `This address is already sending ${mine} drawings; send the next when one of them is answered (at most ${perClient} at once).`, {
          details: { scope: 'drawing_uploads', limit: perClient },
          retryAfterSeconds: DRAWING_RETRY_AFTER_SECONDS,
        });
      }
      bytes += want;
      uploads += 1;
      byClient.set(clientIp, mine + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        bytes -= want;
        uploads -= 1;
        const left = (byClient.get(clientIp) ?? 1) - 1;
        if (left <= 0) byClient.delete(clientIp);
        else byClient.set(clientIp, left);
      };
      res.once('close', release);
      res.once('finish', release);
    },
    stats: () => ({ bytes, uploads }),
  };
}

import { ServiceError } from '@shop/contracts';
import { StorageUnavailable } from '@shop/storage';

/** Runs a storage call; a database that cannot be reached becomes 503 `storage_unavailable` (retryable). */
export async function withStorage<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageUnavailable) {
      throw new ServiceError('storage_unavailable', `The quote store could not ${action} just now; nothing was lost. Try again in a few seconds.`);
    }
    throw error;
  }
}

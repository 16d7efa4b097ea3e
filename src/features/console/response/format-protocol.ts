import type { ClassifiedResponse, ResponseMeta } from './classify.ts';

/** The response worker's one method (called through src/shared/lib/worker-rpc.ts). */
export type FormatApi = {
  /** Progress: the display text in line-aligned chunks; result: the classification (display ''). */
  format: {
    params: { buffer: ArrayBuffer; meta: ResponseMeta };
    result: ClassifiedResponse;
    progress: string;
  };
};

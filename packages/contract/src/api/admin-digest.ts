import type {
  ZDigestDeliveriesQuery,
  ZDigestDeliveriesReply,
  ZDigestRunsQuery,
  ZDigestRunsReply,
} from '../digest.ts';
import type { z } from 'zod';
import { get } from './endpoint.ts';

/** The daily digest's admin log (role 2): its runs and their deliveries, newest first. */
export const adminDigestApi = {
  runs: get('/api/admin/digest/runs')
    .takes<z.input<typeof ZDigestRunsQuery>>()
    .returns<z.infer<typeof ZDigestRunsReply>>(),
  /** Optionally of one run (`run_id`) and in one status. */
  deliveries: get('/api/admin/digest/deliveries')
    .takes<z.input<typeof ZDigestDeliveriesQuery>>()
    .returns<z.infer<typeof ZDigestDeliveriesReply>>(),
};

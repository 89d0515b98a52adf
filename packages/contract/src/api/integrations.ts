import type { TClassifierReply, TQuickBiTokenReply, TTableauTicketReply } from '../detail.ts';
import type { TMultipart } from './endpoint.ts';
import { get, post } from './endpoint.ts';

/** The analysis viewers' outside services (server/src/modules/integrations). */
export const integrationsApi = {
  /** A Tableau trusted ticket, good for one view. */
  tableau: get('/api/getTableau').returns<TTableauTicketReply>(),
  quickBiToken: get('/api/insight_topic/quickBI/token').returns<TQuickBiTokenReply>(),
  /** `detail_id` in the query (`call`'s `query` option), the image as multipart field `image`. */
  classifyImage: post('/api/baidu/bml/image/classfication').takes<TMultipart>().returns<TClassifierReply>(),
};

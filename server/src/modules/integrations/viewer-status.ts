import type { TViewerStatus } from '@portal/contract';
import type { IntegrationsConfig } from '../../config.ts';

/** The origin of an absolute http(s) address, else ''. */
function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : '';
  } catch {
    return '';
  }
}

/**
 * Whether a topic's viewer can work here, and what an operator must set when it cannot. A
 * dashboard needs its service's credentials (Tableau, QuickBI) and an address whose origin the
 * CSP lets the page frame (TABLEAU_SERVER_URL or DASHBOARD_ORIGINS); the classifier needs a model
 * endpoint (the topic's own or CLASSIFIER_URL). Viewers of files stored here are always ready.
 */
export function viewerStatus(config: IntegrationsConfig, topic: { ext: string; url: string }): TViewerStatus {
  const origin = originOf(topic.url);
  const missing: string[] = [];
  const framed = () => {
    if (origin === '' || !config.frameOrigins.includes(origin)) {
      missing.push('DASHBOARD_ORIGINS');
    }
  };
  switch (topic.ext) {
    case 'tableau':
      if (!config.tableau) {
        missing.push('TABLEAU_SERVER_URL', 'TABLEAU_USERNAME');
      }
      framed();
      break;
    case 'quickbi':
      if (!config.quickBi) {
        missing.push('QUICKBI_TOKEN_URL', 'QUICKBI_ACCESS_KEY', 'QUICKBI_ACCESS_SECRET');
      }
      framed();
      break;
    case 'powerbi':
      framed();
      break;
    case 'baidu_ai':
      if (topic.url === '' && !config.classifier.url) {
        missing.push('CLASSIFIER_URL');
      }
      break;
  }
  return { viewer: topic.ext, configured: missing.length === 0, missing, origin };
}

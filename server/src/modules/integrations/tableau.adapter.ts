import type { TTableauTicketReply } from '@portal/contract';
import { callProvider, ProviderError } from '../../platform/http-call.ts';

export type TableauConfig = { serverUrl: string; username: string; site: string };

/**
 * Tableau Server trusted authentication: POST {server}/trusted with the portal's Tableau user
 * (and site) as a form; the body is the ticket, or "-1" when the server refuses (the portal's
 * address not trusted, unknown user). The web puts the ticket into the view URL
 * ({server}/trusted/{ticket}/views/…).
 */
export async function fetchTableauTicket(config: TableauConfig): Promise<TTableauTicketReply> {
  const form = new URLSearchParams({ username: config.username });
  if (config.site !== '') {
    form.set('target_site', config.site);
  }
  const res = await callProvider('tableau', `${config.serverUrl}/trusted`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: form.toString(),
  });
  const ticket = (await res.text()).trim();
  if (ticket === '' || ticket === '-1' || !/^[A-Za-z0-9_:=-]{1,200}$/.test(ticket)) {
    throw new ProviderError('tableau', `refused (${ticket.slice(0, 20)})`);
  }
  return { response: { ticket } };
}

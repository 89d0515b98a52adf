/**
 * An id for one form submission, sent with every try of it so the server stores the enquiry
 * once (a double click, a retry after a network error). `crypto.randomUUID` exists only in
 * secure contexts, so plain-http deployments get the same 128 random bits as hex.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

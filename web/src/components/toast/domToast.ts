import './domToast.css';

const VISIBLE_MS = 3000;
const HOST_ID = 'dom-toast-host';

function host(): HTMLElement {
  let el = document.getElementById(HOST_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = HOST_ID;
    el.className = 'dom-toast-host';
    document.body.appendChild(el);
  }
  return el;
}

/**
 * A small toast without React or antd: every screen's notices (api/notify.ts). Errors and
 * warnings are announced as alerts, the rest as status messages.
 */
export function showDomToast(kind: 'error' | 'warning' | 'success' | 'info', message: string): void {
  const toast = document.createElement('div');
  toast.className = `dom-toast dom-toast--${kind}`;
  toast.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
  toast.textContent = message;
  host().appendChild(toast);
  window.setTimeout(() => toast.remove(), VISIBLE_MS);
}

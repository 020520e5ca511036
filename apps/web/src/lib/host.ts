/**
 * What the page that frames Nuqat offers in its own chrome: the Salla merchant dashboard shows
 * the page title in its header and toasts of its own (docs/decisions/031). Connected by the
 * embedded entry once Salla has answered; nothing is connected in the standalone back-office.
 */
export interface HostChrome {
  setTitle(title: string): void;
  toast(type: 'success' | 'error' | 'warning' | 'info', message: string): void;
}

let host: HostChrome | null = null;

export function connectHostChrome(chrome: HostChrome | null): void {
  host = chrome;
}

export function hostChrome(): HostChrome | null {
  return host;
}

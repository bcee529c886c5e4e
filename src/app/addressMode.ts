// The address form of this page load (services/addresses.ts), decided before anything reads the
// route: the server's marker in the page, else what this site's server was last seen to take when
// our service worker answered the page, else hash addresses. What the server said is remembered
// for the loads the service worker answers, which never carry the marker.
import { ADDRESS_MARKER, detectAddressMode, normaliseAddress, setAddressMode } from '@/services/addresses';
import type { AddressMode } from '@/shared/firstPageConstants';
import { readLocal, writeLocal } from '@/storage/local';

export function startAddresses(): AddressMode {
  const marker = document.querySelector(`meta[name="${ADDRESS_MARKER}"]`)?.getAttribute('content') ?? null;
  const fromServiceWorker = Boolean(globalThis.navigator?.serviceWorker?.controller);
  const mode = detectAddressMode(marker, readLocal('ui.addresses'), fromServiceWorker);
  setAddressMode(mode);
  if (!fromServiceWorker && readLocal('ui.addresses') !== mode) writeLocal('ui.addresses', mode);
  normaliseAddress();
  // an original client's link pasted into the address bar of an open page changes the hash only
  window.addEventListener('hashchange', normaliseAddress);
  return mode;
}

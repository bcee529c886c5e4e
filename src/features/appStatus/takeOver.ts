// 刷新 on 有新版本可用, when the browser holds the new version back (loaded with the click).
// The browser activates the new worker once the old one has no work in flight; Chromium was seen
// holding it back for minutes on a busy machine. After UPDATE_TAKEOVER_WAIT_MS the old registration
// goes and the page reloads: the new version then loads from the server and registers its worker
// afresh. A take-over in time reloads the page first, and this timer goes with it.
import { UPDATE_TAKEOVER_WAIT_MS } from '@/shared/constants';

export function reloadIfHeldBack(): void {
  setTimeout(() => {
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.unregister())
      .then(() => location.reload());
  }, UPDATE_TAKEOVER_WAIT_MS);
}

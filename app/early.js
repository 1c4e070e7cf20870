// A first visit (no service worker in control, so nothing is stored yet) asks at once for the
// data its page shows first, alongside the wasm rather than after it: the URLs in the page's
// <html data-early> (none for a page whose data depends on its address, the replay's). The app
// takes the answers (app/src/api.rs, `early`). Trunk inlines this file at the top of each
// bundle's <head>, before the styles, which would hold a script back.
if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
  window.brickrealmEarly = {};
  for (const url of document.documentElement.dataset.early.split(' ').filter(Boolean)) {
    window.brickrealmEarly[url] = fetch(url);
  }
}

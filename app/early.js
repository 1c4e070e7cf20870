// What every page runs first; Trunk inlines this file at the top of each bundle's <head>, before
// the styles, which would hold a script back.
//
// A first visit (no service worker in control, so nothing is stored yet) asks at once for the
// data its page shows first, alongside the wasm rather than after it: the URLs in the page's
// <html data-early> (none for a page whose data depends on its address, the replay's). The app
// takes the answers (app/src/api.rs, `early`). A URL written "URL@PATH" is asked for only when
// the page's address is PATH: one bundle serves several routes (the standings and the seasons),
// and a route should not share the slow link with data another route shows.
//
// A URL in POSTS is asked for with the body the app would send on a first visit, and kept under
// "URL BODY", the key the app looks it up by, so an answer to another body is never taken. Its
// function gives null when the page's own storage makes that body wrong: the arena's first deal
// is a new voter's, so a stored deck (which holds a voter pass) asks for none early; a deal
// without the pass would make a second voter. app/arena's deck.rs checks the key and the body.
const POSTS = {
  '/api/pairs': () => (localStorage.getItem('brickrealm.arena.deck.v1') === null
    ? '{"voter":null,"count":12}' : null),
};
if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
  window.brickrealmEarly = {};
  for (const entry of document.documentElement.dataset.early.split(' ').filter(Boolean)) {
    const [url, path] = entry.split('@');
    if (path !== undefined && path !== window.location.pathname) continue;
    if (!POSTS[url]) {
      window.brickrealmEarly[url] = fetch(url);
      continue;
    }
    let body = null;
    try { body = POSTS[url](); } catch (_) { /* no storage: the app asks as it would anyway */ }
    if (body !== null) {
      window.brickrealmEarly[`${url} ${body}`] = fetch(url, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body,
      });
    }
  }
}

// The service worker keeps every bundle for use with no network (app/sw.js): on a first visit,
// megabytes fetched behind the page. It is registered once the page has loaded (the load event
// waits for the wasm, a preload), so on a slow network those downloads never share the link with
// the files the page is waiting for.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => navigator.serviceWorker.register('/sw.js'));
}

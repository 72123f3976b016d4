/* The search page (papers/search/, generator/render/search_page.py): papersite's search worker
 * (papersite-search.js) asked directly, in Material's worker protocol, so that the same search
 * works under MkDocs, ProperDocs and Zensical, whose own search box talks to its own worker.
 * The index's manifest is a file of its own (search/papersite/manifest.json; from disk a script,
 * manifest.js, and the worker runs in the iframe-worker shim the site lists as a polyfill).
 * `?q=words` in the address searches at once.
 */
"use strict";
(function () {
  const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
  const form = document.querySelector(".ps-search-page");
  if (!form) return;
  const input = form.querySelector(".ps-search-input");
  const list = form.querySelector(".ps-search-results");
  const count = form.querySelector(".ps-search-count");
  const script = document.querySelector("script[src*='papersite-search-page']");
  const root = new URL("../../", script.src);
  const fromDisk = location.protocol === "file:";

  function loadManifest() {
    const url = new URL("search/papersite/manifest" + (fromDisk ? ".js" : ".json"), root);
    if (!fromDisk) return fetch(url).then(response => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    });
    return new Promise((resolve, reject) => {
      window.papersiteSearchData = (name, value) => { if (name === "manifest") resolve(value); };
      const tag = document.createElement("script");
      tag.onerror = () => reject(new Error(`cannot load ${url}`));
      tag.src = url.href;
      document.body.appendChild(tag);
    });
  }

  function show(items) {
    list.replaceChildren();
    for (const group of items) {
      const best = group[0], item = document.createElement("li");
      const link = document.createElement("a");
      link.href = new URL(best.location, root).href;
      // Titles and texts are the worker's HTML: made of escaped index text and <mark>s.
      link.innerHTML = best.title;
      const text = document.createElement("p");
      text.innerHTML = best.text || "";
      item.append(link, text);
      list.append(item);
    }
    const query = input.value.trim();
    count.textContent = !query ? "" : items.length === 0 ? "No paper matches these words."
      : items.length === 1 ? "1 result" : `${items.length} results`;
  }

  loadManifest().then(manifest => {
    const worker = new Worker(new URL("assets/javascripts/papersite-search.js", root).href);
    let ready = false, pending = null;
    const ask = () => {
      const query = input.value.trim();
      const address = new URL(location.href);
      if (query) address.searchParams.set("q", query); else address.searchParams.delete("q");
      history.replaceState(null, "", address);
      if (!query) { show([]); return; }
      if (ready) worker.postMessage({ type: QUERY, data: query }); else pending = query;
    };
    worker.addEventListener("message", event => {
      const message = event.data;
      if (message.type === READY) {
        ready = true;
        if (pending) worker.postMessage({ type: QUERY, data: pending });
      } else if (message.type === RESULT) {
        show(message.data.items || []);
      }
    });
    worker.postMessage({ type: SETUP, data: { config: { papersite: manifest }, docs: [] } });
    input.addEventListener("input", ask);
    form.addEventListener("submit", event => { event.preventDefault(); ask(); });
    form.hidden = false;
    input.value = new URL(location.href).searchParams.get("q") || "";
    if (input.value) ask();
    input.focus();
  }).catch(error => console.warn(`papersite search page: ${error}`));
})();

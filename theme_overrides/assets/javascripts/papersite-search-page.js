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
  const partial = form.querySelector(".ps-search-partial-group");
  const script = document.querySelector("script[src*='papersite-search-page']");
  const root = new URL("../../", script.src);
  const fromDisk = location.protocol === "file:";
  const NONE = { complete: 0, partial: 0 };

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

  function entry(result) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = new URL(result.location, root).href;
    // Titles and texts are the worker's HTML: made of escaped index text and <mark>s.
    link.innerHTML = result.title;
    const text = document.createElement("p");
    text.innerHTML = result.text || "";
    item.append(link, text);
    return item;
  }

  /* The results: a page's best section for each page with every word of the query (and the
     tags it names), then, under a heading of their own, the pages with only some. */
  function show(items, counts) {
    list.replaceChildren();
    partial.replaceChildren();
    partial.hidden = true;
    for (const group of items) {
      if (group[0].group !== "partial") {
        list.append(entry(group[0]));
        continue;
      }
      const heading = document.createElement("h2");
      heading.className = "ps-search-partial";
      const shown = group.length < counts.partial ? ` (the first ${group.length})` : "";
      heading.textContent = `With only some of the words: ${counts.partial}${shown}`;
      const others = document.createElement("ol");
      others.className = "ps-search-results";
      group.forEach((result, i) => others.append(entry(i ? result : { ...result,
        title: result.title.replace(/^<span class="ps-partial">[^<]*<\/span> · /, ""),
        text: (result.text || "").replace(/^<span class="ps-partial-count">[^<]*<\/span> ?/, "") })));
      partial.append(heading, others);
      partial.hidden = false;
    }
    const query = input.value.trim(), complete = counts.complete;
    count.textContent = !query ? "" : items.length === 0 ? "No paper matches these words."
      : (complete === 0 ? "No page has every word" : complete === 1 ? "1 page has every word"
        : `${complete} pages have every word`) +
        (counts.partial ? `; ${counts.partial} more only some, below.` : ".");
  }

  loadManifest().then(manifest => {
    const worker = new Worker(new URL("assets/javascripts/papersite-search.js", root).href);
    let ready = false, pending = null;
    const ask = () => {
      const query = input.value.trim();
      const address = new URL(location.href);
      if (query) address.searchParams.set("q", query); else address.searchParams.delete("q");
      history.replaceState(null, "", address);
      if (!query) { show([], NONE); return; }
      if (ready) worker.postMessage({ type: QUERY, data: query }); else pending = query;
    };
    worker.addEventListener("message", event => {
      const message = event.data;
      if (message.type === READY) {
        ready = true;
        if (pending) worker.postMessage({ type: QUERY, data: pending });
      } else if (message.type === RESULT) {
        const items = message.data.items || [];
        show(items, message.data.counts || { complete: items.length, partial: 0 });
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

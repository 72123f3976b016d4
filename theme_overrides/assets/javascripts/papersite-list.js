/* papersite: the reader's own list of papers, and the papers they have opened.
 *
 * Kept in this browser's localStorage, per site (hosted, or the folder it is read from on
 * disk), and never sent anywhere. A paper is saved with ☆ on its page (the b key presses it:
 * papersite-reading.js), on the cards of related papers and on every list; "My list"
 * (papers/my-list/) shows the saved papers and exports them as Markdown, BibTeX or JSON, and
 * imports a JSON export back. Lists mark the papers already opened.
 */
(function () {
  "use strict";

  // Material's configuration names the site's root, relative to this page.
  var config = JSON.parse((document.getElementById("__config") || {}).textContent || "{}");
  var root = new URL(config.base || ".", window.location.href).href.replace(/[^/]*$/, "");
  var LIST_KEY = "papersite-list:" + root;
  var VISITED_KEY = "papersite-visited:" + root;

  function storage() {
    try {
      return window.localStorage;  // absent or refused (some privacy settings): nothing is kept
    } catch (error) {
      return null;
    }
  }

  function read(key, fallback) {
    var store = storage();
    try {
      var value = store ? JSON.parse(store.getItem(key) || "null") : null;
      return value === null ? fallback : value;
    } catch (error) {
      return fallback;
    }
  }

  function write(key, value) {
    var store = storage();
    if (store) {
      store.setItem(key, JSON.stringify(value));
    }
  }

  // A paper's path from the site's root ("papers/x/", or "papers/x.html" from disk).
  function pathOf(url) {
    var address = new URL(url, window.location.href).href.split("#")[0].split("?")[0];
    return address.indexOf(root) === 0 ? address.slice(root.length) : null;
  }

  function isPaperPath(path) {
    return !!path && /^papers\/[^/]+(\/|\.html)$/.test(path) &&
      !/^papers\/(index|my-list)(\/|\.html)$/.test(path);
  }

  function savedList() {
    var list = read(LIST_KEY, []);
    return Array.isArray(list) ? list : [];
  }

  function toggle(paper) {
    var list = savedList();
    var kept = list.filter(function (saved) { return saved.path !== paper.path; });
    if (kept.length === list.length) {
      paper.added = new Date().toISOString().slice(0, 10);
      kept.push(paper);
    }
    write(LIST_KEY, kept);
    refreshButtons();
    return kept.length > list.length;
  }

  // Buttons ------------------------------------------------------------------------------------

  var buttons = [];  // [button, paper] pairs, kept in step with the list

  function setPressed(button, saved) {
    button.setAttribute("aria-pressed", saved ? "true" : "false");
    var mini = button.classList.contains("ps-save-mini");
    button.textContent = mini ? (saved ? "★" : "☆") : (saved ? "★ Saved" : "☆ Save");
    button.title = saved ? "Remove from my list" : "Save to my list";
    if (mini) {
      button.setAttribute("aria-label", button.title + ": " + button.dataset.title);
    }
  }

  function savedPaths() {  // read once per refresh: a list page has thousands of buttons
    var paths = {};
    savedList().forEach(function (paper) { paths[paper.path] = true; });
    return paths;
  }

  function refreshButtons() {
    var paths = savedPaths();
    buttons.forEach(function (pair) { setPressed(pair[0], !!paths[pair[1].path]); });
  }

  function wire(button, paper, paths) {
    if (buttons.length > 1000) {  // the papers page draws its rows anew as it scrolls
      buttons = buttons.filter(function (pair) { return pair[0].isConnected; });
    }
    buttons.push([button, paper]);
    button.hidden = false;
    button.addEventListener("click", function (event) {
      event.preventDefault();
      toggle(paper);
    });
    setPressed(button, !!(paths || savedPaths())[paper.path]);
  }

  // The paper page.
  var article = document.querySelector("article.ps-paper");
  var here = pathOf(window.location.href);
  if (article && isPaperPath(here) && article.querySelector(".ps-title")) {
    var cite = article.querySelector(".ps-cite pre");
    var thisPaper = {path: here, title: article.querySelector(".ps-title").textContent.trim(),
                     derived: !!article.querySelector(".ps-title-note"),
                     cite: cite ? cite.textContent : ""};
    var visited = read(VISITED_KEY, []);
    if (Array.isArray(visited) && visited.indexOf(here) < 0) {
      visited.push(here);
      write(VISITED_KEY, visited);
    }
    var save = article.querySelector("button[data-ps-save]");
    if (save) {
      wire(save, thisPaper);
    }
  }

  // Lists and cards: a small ☆ on every paper, and a mark on those already opened.
  var opened = read(VISITED_KEY, []);
  var openedPaths = {};
  (Array.isArray(opened) ? opened : []).forEach(function (path) { openedPaths[path] = true; });
  function markEntries(scope) {
    var savedNow = savedPaths();
    Array.prototype.forEach.call(
      scope.querySelectorAll(".ps-entries > li, .ps-cards > li, .ps-browse-row[role=listitem]"),
      function (item) {
        var link = item.querySelector(":scope > a");
        var path = link ? pathOf(link.href) : null;
        if (!isPaperPath(path) || item.querySelector(":scope > .ps-save-mini")) {  // or marked
          return;
        }
        if (openedPaths[path]) {
          item.classList.add("ps-visited");
          var mark = document.createElement("span");
          mark.className = "ps-visited-mark";
          mark.textContent = "opened";
          link.after(mark);
        }
        var button = document.createElement("button");
        button.type = "button";
        button.className = "ps-save-mini";
        button.dataset.title = link.textContent.trim();
        item.appendChild(button);
        wire(button, {path: path, title: link.textContent.trim(),
                      // the papers page marks no title where all are derived: its rows say so
                      derived: !!item.querySelector(".ps-derived") || "psDerived" in item.dataset,
                      cite: ""}, savedNow);
      });
  }
  markEntries(document);
  // Entries drawn later (the papers page's filters and list, papersite-facets.js and
  // papersite-browse.js) announce themselves.
  document.addEventListener("papersite:entries", function (event) { markEntries(event.target); });

  // The "My list" page ------------------------------------------------------------------------

  var page = document.querySelector("[data-ps-my-list]");
  if (page) {
    showList(page);
  }

  function showList(page) {
    var siteName = page.getAttribute("data-ps-my-list") || "papersite";
    page.textContent = "";
    var list = savedList();
    var summary = document.createElement("p");
    summary.className = "ps-my-list-count";
    summary.textContent = list.length === 0 ? "No paper saved yet: ☆ on a paper saves it."
      : list.length + (list.length === 1 ? " paper" : " papers") + " saved.";
    page.appendChild(summary);
    var items = document.createElement("ul");
    items.className = "ps-entries ps-my-entries";
    list.forEach(function (paper) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + paper.path;
      link.textContent = paper.title;
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "ps-remove";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", "Remove " + paper.title);
      remove.addEventListener("click", function () {
        toggle(paper);
        showList(page);
      });
      var added = document.createElement("span");
      added.className = "ps-gist";
      added.textContent = "Saved " + (paper.added || "");
      item.appendChild(link);
      item.appendChild(remove);
      item.appendChild(added);
      items.appendChild(item);
    });
    page.appendChild(items);

    var actions = document.createElement("p");
    actions.className = "ps-my-list-actions";
    [["Export Markdown", "md"], ["Export BibTeX", "bib"], ["Export JSON", "json"]]
      .forEach(function (action) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "md-button";
        button.textContent = action[0];
        button.disabled = list.length === 0;
        button.addEventListener("click", function () { download(action[1], siteName); });
        actions.appendChild(button);
      });
    var importLabel = document.createElement("label");
    importLabel.className = "md-button";
    importLabel.textContent = "Import JSON";
    var input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.className = "ps-import";
    input.addEventListener("change", function () {
      if (input.files && input.files[0]) {
        input.files[0].text().then(function (text) {
          summary.textContent = importList(text);
          window.setTimeout(function () { showList(page); }, 1200);
        });
      }
    });
    importLabel.appendChild(input);
    actions.appendChild(importLabel);
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "md-button ps-clear";
    clear.textContent = "Clear";
    clear.disabled = list.length === 0;
    clear.addEventListener("click", function () {
      if (window.confirm("Remove every paper from your list? Export it first to keep it.")) {
        write(LIST_KEY, []);
        showList(page);
      }
    });
    actions.appendChild(clear);
    page.appendChild(actions);
  }

  function importList(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return "Not a papersite list: the file is not JSON.";
    }
    var papers = data && Array.isArray(data.papers) ? data.papers : null;
    if (!papers) {
      return "Not a papersite list: it has no papers.";
    }
    var list = savedList();
    var known = {};
    list.forEach(function (paper) { known[paper.path] = true; });
    var added = 0;
    papers.forEach(function (paper) {
      var path = paper && typeof paper.path === "string" ? paper.path : null;
      if (isPaperPath(path) && !known[path] && typeof paper.title === "string") {
        list.push({path: path, title: paper.title, derived: !!paper.derived,
                   cite: typeof paper.cite === "string" ? paper.cite : "",
                   added: typeof paper.added === "string" ? paper.added : ""});
        known[path] = true;
        added += 1;
      }
    });
    write(LIST_KEY, list);
    return added + (added === 1 ? " paper" : " papers") + " imported.";
  }

  // Exports ------------------------------------------------------------------------------------

  function download(kind, siteName) {
    var list = savedList();
    var text = kind === "md" ? asMarkdown(list, siteName) : kind === "bib" ? asBibtex(list, siteName)
      : JSON.stringify({papersite: 1, site: siteName, root: root,
                        papers: list.map(function (paper) {
                          return {path: paper.path, url: root + paper.path, title: paper.title,
                                  derived: paper.derived, cite: paper.cite, added: paper.added};
                        })}, null, 1) + "\n";
    var types = {md: "text/markdown", bib: "application/x-bibtex", json: "application/json"};
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], {type: types[kind] + ";charset=utf-8"}));
    link.download = "my-list." + kind;
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
  }

  function asMarkdown(list, siteName) {
    return "# My list: " + siteName + "\n\n" + list.map(function (paper) {
      return "- [" + paper.title.replace(/([\[\]])/g, "\\$1") + "](" + root + paper.path + ")" +
        (paper.derived ? " (title derived by papersite)" : "");
    }).join("\n") + "\n";
  }

  function asBibtex(list, siteName) {
    return list.map(function (paper, index) {
      if (paper.cite && paper.cite.charAt(0) === "@") {
        return paper.cite;  // the paper page's own entry: title and authors as the list gave them
      }
      var fields = ["  title = {{" + bibtexText(paper.title) + "}}",
                    "  howpublished = {\\url{" + root + paper.path + "}}",
                    "  note = {" + bibtexText(siteName) +
                      (paper.derived ? ". Title derived from the abstract by papersite, " +
                       "not the authors' title" : "") + "}"];
      return "@misc{papersite" + (index + 1) + ",\n" + fields.join(",\n") + "\n}";
    }).join("\n\n") + "\n";
  }

  function bibtexText(text) {
    return text.replace(/\s+/g, " ").replace(/([&%#_])/g, "\\$1");
  }
})();

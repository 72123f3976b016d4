/* papersite: a reader's bearings on a conference site, kept in the browser and sent nowhere.
 *
 * - A paper opened from a tag's page gets that tag's previous and next papers (the page itself
 *   links those of its area): the tag page leaves its papers' order in this tab's storage.
 * - Keyboard shortcuts: j next paper, k previous paper, b save to my list, ? this help
 *   (Material's own: / search).
 * - "Copy link" and the citation's "Copy": the page's address (its canonical one when the
 *   site has a site_url), also written into the citation.
 */
(function () {
  "use strict";

  var TRAIL_KEY = "papersite-trail";

  function tabStorage() {
    try {
      return window.sessionStorage;  // absent or refused (some privacy settings): no trail
    } catch (error) {
      return null;
    }
  }

  function pageAddress(url) {
    return url.split("#")[0].split("?")[0];
  }

  // A tag page: when one of its papers is opened, remember the tag's papers in order (a
  // broad tag's page holds them in several lists, one per group).
  var entries = document.querySelector("[data-ps-trail]");
  if (entries) {
    var PAPER_LINKS = ".ps-entries > li > a:first-child";
    entries.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a") : null;
      var storage = tabStorage();
      if (!link || !storage || !link.matches(PAPER_LINKS)) {
        return;
      }
      var papers = Array.prototype.map.call(entries.querySelectorAll(PAPER_LINKS), function (a) {
        return {url: pageAddress(a.href), title: a.textContent};
      });
      storage.setItem(TRAIL_KEY, JSON.stringify({name: entries.getAttribute("data-ps-trail"),
                                                 papers: papers}));
    });
  }

  // A paper page opened from a tag page: previous and next within that tag.
  var article = document.querySelector("article.ps-paper");
  if (article) {
    followTrail(article);
  }

  function followTrail(article) {
    var storage = tabStorage();
    var trail = null;
    try {
      trail = storage ? JSON.parse(storage.getItem(TRAIL_KEY) || "null") : null;
    } catch (error) {
      trail = null;
    }
    if (!trail || !Array.isArray(trail.papers)) {
      return;
    }
    var here = pageAddress(window.location.href);
    var index = trail.papers.findIndex(function (paper) { return paper.url === here; });
    if (index < 0) {
      return;
    }
    var pager = article.querySelector(".ps-pager");
    if (!pager) {
      pager = document.createElement("nav");
      pager.className = "ps-pager";
      pager.setAttribute("aria-label", "Previous and next paper");
      article.appendChild(pager);
    }
    pager.textContent = "";
    [[trail.papers[index - 1], "prev", "Previous"], [trail.papers[index + 1], "next", "Next"]]
      .forEach(function (side) {
        if (!side[0]) {
          return;
        }
        var link = document.createElement("a");
        link.className = "ps-" + side[1];
        link.rel = side[1];
        link.href = side[0].url;
        var label = document.createElement("small");
        label.textContent = side[2] + " in " + trail.name;
        var title = document.createElement("span");
        title.textContent = side[0].title;
        link.appendChild(label);
        link.appendChild(title);
        pager.appendChild(link);
      });
  }

  // Material counts the result groups it shows; papersite's search worker says how many pages
  // have every word of the query (the count) and how many only some (one group, last). Hosted
  // only: from disk the worker runs where it cannot tell the page.
  var meta = document.querySelector(".md-search-result__meta");
  var searchInput = document.querySelector(".md-search__input");
  if (meta && searchInput && typeof BroadcastChannel === "function") {
    var figures = null;
    var recount = function () {
      if (!figures || !meta.textContent ||
          /^Type|^No /.test(meta.textContent)) {
        return;
      }
      var text = (figures.complete === 1 ? "1 page" : figures.complete + " pages") +
        " with every word" +
        (figures.partial ? "; " + figures.partial + " more with only some, at the end" : "");
      if (meta.textContent !== text) {  // (writing it is a mutation too)
        meta.textContent = text;
      }
    };
    // Each query's figures come after it is typed (the worker answers the newest query last).
    searchInput.addEventListener("input", function () { figures = null; });
    try {
      new BroadcastChannel("papersite-search").onmessage = function (event) {
        figures = event.data;
        recount();
      };
      new MutationObserver(recount).observe(meta, {childList: true, characterData: true,
                                                   subtree: true});
    } catch (error) {
      figures = null;  // a page opened from disk may refuse a channel (an opaque origin)
    }
  }

  // Material's search dialog has no name for assistive technology: give it one.
  var search = document.querySelector(".md-search[role=dialog]");
  if (search && !search.hasAttribute("aria-label")) {
    search.setAttribute("aria-label", "Search");
  }

  // The page's address: where it is published (canonical), else where it is read from.
  var canonical = document.querySelector("link[rel=canonical]");
  var address = canonical ? canonical.href : pageAddress(window.location.href);
  Array.prototype.forEach.call(document.querySelectorAll("[data-ps-here]"), function (span) {
    span.textContent = address;
  });
  Array.prototype.forEach.call(document.querySelectorAll("button[data-ps-copy]"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = button.getAttribute("data-ps-copy") === "link" ? address
        : button.parentElement.querySelector("pre").textContent;
      copy(text).then(function () {
        var label = button.textContent;
        button.textContent = "Copied";
        window.setTimeout(function () { button.textContent = label; }, 1500);
      });
    });
  });

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return copyByHand(text); });
    }
    return Promise.resolve(copyByHand(text));
  }

  function copyByHand(text) {  // from disk, where the clipboard API may be refused
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    document.execCommand("copy");
    document.body.removeChild(field);
  }

  // Keyboard shortcuts, except while typing.
  var SHORTCUTS = [["j", "Next paper"], ["k", "Previous paper"], ["b", "Save to my list, or remove"],
                   ["/", "Search"], ["?", "This help"], ["Esc", "Close"]];
  var help = null;

  function showHelp() {
    if (!help) {
      help = document.createElement("dialog");
      help.className = "ps-help";
      help.setAttribute("aria-labelledby", "ps-help-title");
      var heading = document.createElement("h2");
      heading.id = "ps-help-title";
      heading.textContent = "Keyboard shortcuts";
      var list = document.createElement("dl");
      SHORTCUTS.forEach(function (shortcut) {
        var key = document.createElement("dt");
        var kbd = document.createElement("kbd");
        kbd.textContent = shortcut[0];
        key.appendChild(kbd);
        var what = document.createElement("dd");
        what.textContent = shortcut[1];
        list.appendChild(key);
        list.appendChild(what);
      });
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close";
      close.addEventListener("click", function () { help.close(); });
      help.appendChild(heading);
      help.appendChild(list);
      help.appendChild(close);
      document.body.appendChild(help);
    }
    if (!help.open) {
      help.showModal();
    }
  }

  function isTyping(target) {
    // Not a checkbox or radio button: Material's palette toggle keeps the focus after a click.
    return target && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName) ||
                      (target.tagName === "INPUT" && !/^(checkbox|radio)$/.test(target.type)));
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey ||
        isTyping(event.target)) {
      return;
    }
    if (event.key === "?") {
      event.preventDefault();
      showHelp();
      return;
    }
    if (event.key === "b") {  // the paper page's Save button (papersite-list.js shows it)
      var save = document.querySelector("article.ps-paper button[data-ps-save]:not([hidden])");
      if (save) {
        event.preventDefault();
        save.click();
      }
      return;
    }
    var rel = {j: "next", k: "prev"}[event.key];
    var link = rel ? document.querySelector(".ps-pager a[rel='" + rel + "']") : null;
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });
})();

/* papersite: filters on the papers page: area, topic, data set, model and author, combined.
 *
 * The page lists the first papers of every area; the filters reach all of them. Their data
 * (papers/facets.js, made by generator/render/facets.py) loads as a script when the reader first
 * opens them, hosted or from disk alike. Each value chosen narrows the list to the papers that
 * hold every chosen value (AND); the buttons beside show how many of those hold each other
 * value. The chosen values stay in the address (#filter=…), so a filtered list can be shared.
 * "like this" beside a listed paper sorts the list by how related each paper is to that one:
 * its related papers first, then theirs, then the rest by nearness on the topic map.
 */
(function () {
  "use strict";

  var panel = document.querySelector("[data-ps-facets]");
  if (!panel) {
    return;
  }
  var SHOWN_VALUES = 12;   // buttons per kind: the values most papers of the selection hold
  var SHOWN_PAPERS = 200;  // entries drawn at once; "Show more" draws the next ones
  var KIND_LABELS = {area: "Areas", topic: "Topics", dataset: "Datasets & benchmarks",
                     model: "Models", author: "Authors"};
  // A value is named with its kind: an area and a topic may share a name.
  var KIND_NAMES = {area: "area", topic: "topic", dataset: "data set", model: "model",
                    author: "author"};
  var open = panel.querySelector(".ps-facet-open");
  var body = panel.querySelector(".ps-facet-body");
  var input = panel.querySelector(".ps-facet-input");
  var suggestions = panel.querySelector(".ps-facet-suggestions");
  var sortBy = panel.querySelector(".ps-facet-sort");
  var chosenList = panel.querySelector(".ps-facet-chosen");
  var groups = panel.querySelector(".ps-facet-groups");
  var count = panel.querySelector(".ps-facet-count");
  var results = panel.querySelector(".ps-facet-results");
  var more = panel.querySelector(".ps-facet-more");
  var browse = document.querySelectorAll(".ps-group");
  var openLabel = open.textContent;
  var data = null, loading = null, chosen = [], matching = [], drawn = 0;
  var likeThis = -1;  // the paper the list is sorted by relatedness to, by number
  var relatedOption = document.createElement("option");
  relatedOption.value = "related";
  relatedOption.hidden = true;
  sortBy.appendChild(relatedOption);
  panel.hidden = false;

  function load() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        window.papersiteFacets = function (value) { resolve(value); };
        var script = document.createElement("script");
        script.src = panel.dataset.psFacets;
        script.onerror = function () { reject(new Error("cannot load " + script.src)); };
        document.body.appendChild(script);
      }).then(function (value) {
        data = value;
        data.papers.forEach(function (paper, number) { paper.number = number; });
        data.mixed = data.papers.some(function (paper) { return paper[2]; }) &&
          data.papers.some(function (paper) { return !paper[2]; });
        data.byName = {};
        data.values.forEach(function (entry, number) {
          data.byName[data.kinds[entry[0]] + ":" + entry[1]] = number;
        });
      });
    }
    return loading;
  }

  function show() {
    open.setAttribute("aria-expanded", "true");
    open.textContent = "Hide the filters";
    body.hidden = false;
    return load().then(update);
  }

  /* The papers holding every chosen value, in list order, by title or by relatedness. */
  function select() {
    var papers = data.papers.filter(function (paper) {
      return chosen.every(function (value) { return paper[3].indexOf(value) >= 0; });
    });
    if (sortBy.value === "title") {
      papers = papers.slice().sort(function (a, b) { return a[1].localeCompare(b[1]); });
    } else if (sortBy.value === "related" && likeThis >= 0) {
      papers = byRelatedness(papers, likeThis);
    }
    return papers;
  }

  /* The paper itself, its related papers (best first), theirs, then the others by distance on
     the topic map (list order where a paper has no place on it). */
  function byRelatedness(papers, origin) {
    var rank = new Map([[origin, 0]]);
    var near = data.papers[origin][4];
    near.concat.apply(near, near.map(function (number) { return data.papers[number][4]; }))
      .forEach(function (number) { if (!rank.has(number)) { rank.set(number, rank.size); } });
    var at = data.papers[origin][5];
    function distance(paper) {
      var place = paper[5];
      return at.length && place.length ? Math.hypot(place[0] - at[0], place[1] - at[1]) : Infinity;
    }
    return papers.map(function (paper) {
      return {paper: paper, rank: rank.has(paper.number) ? rank.get(paper.number) : rank.size,
              distance: rank.has(paper.number) ? 0 : distance(paper)};
    }).sort(function (a, b) {
      return a.rank - b.rank || a.distance - b.distance || a.paper.number - b.paper.number;
    }).map(function (entry) { return entry.paper; });
  }

  function sortByRelatedness(paper) {
    likeThis = paper.number;
    relatedOption.textContent = "most related to “" + paper[1] + "”";
    relatedOption.hidden = false;
    sortBy.value = "related";
    update();
  }

  function update() {
    matching = select();
    drawChosen();
    drawGroups();
    var filtered = chosen.length > 0;
    Array.prototype.forEach.call(browse, function (element) { element.hidden = filtered; });
    results.hidden = !filtered;
    results.textContent = "";
    drawn = 0;
    if (filtered) {
      count.textContent = matching.length + (matching.length === 1 ? " paper" : " papers") +
        " with " + chosen.map(describe).join(" and ");
      drawMore();
    } else {
      count.textContent = data.papers.length + " papers: choose a value to narrow them down";
      more.hidden = true;
    }
    var hash = chosen.length ? "#filter=" + chosen.map(function (value) {
      return encodeURIComponent(data.kinds[data.values[value][0]] + ":" + data.values[value][1]);
    }).join("&") : " ";
    if (window.location.hash !== hash.trim()) {
      window.history.replaceState(null, "", hash === " " ? window.location.pathname : hash);
    }
  }

  function describe(value) {
    return KIND_NAMES[data.kinds[data.values[value][0]]] + " " + data.values[value][1];
  }

  function drawChosen() {
    chosenList.textContent = "";
    chosen.forEach(function (value) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ps-facet-value ps-facet-on";
      button.textContent = describe(value) + " ✕";
      button.setAttribute("aria-label", "Remove the filter " + describe(value));
      button.addEventListener("click", function () {
        chosen = chosen.filter(function (other) { return other !== value; });
        update();
      });
      item.appendChild(button);
      chosenList.appendChild(item);
    });
  }

  /* For each kind, the values the matching papers hold most, each with its count. */
  function drawGroups() {
    var counts = {};
    matching.forEach(function (paper) {
      paper[3].forEach(function (value) { counts[value] = (counts[value] || 0) + 1; });
    });
    groups.textContent = "";
    data.kinds.forEach(function (kind, kindNumber) {
      var values = Object.keys(counts).map(Number).filter(function (value) {
        return data.values[value][0] === kindNumber && chosen.indexOf(value) < 0;
      }).sort(function (a, b) { return counts[b] - counts[a] || a - b; }).slice(0, SHOWN_VALUES);
      if (!values.length) {
        return;
      }
      var group = document.createElement("div");
      group.className = "ps-facet-group";
      var heading = document.createElement("h3");
      heading.textContent = KIND_LABELS[kind];
      group.appendChild(heading);
      values.forEach(function (value) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "ps-facet-value";
        button.dataset.value = kind + ":" + data.values[value][1];
        button.append(data.values[value][1] + " ");
        var number = document.createElement("span");
        number.className = "ps-count";
        number.textContent = counts[value];
        button.appendChild(number);
        button.addEventListener("click", function () { choose(value); });
        group.appendChild(button);
      });
      groups.appendChild(group);
    });
  }

  function drawMore() {
    var part = document.createDocumentFragment();
    matching.slice(drawn, drawn + SHOWN_PAPERS).forEach(function (paper) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = paper[0];
      link.textContent = paper[1];
      item.appendChild(link);
      if (paper[2] && data.mixed) {  // the mark tells titles apart only where some are given
        var mark = document.createElement("span");
        mark.className = "ps-derived";
        mark.title = "Title derived from the abstract by papersite";
        mark.textContent = "≈";
        item.appendChild(mark);
      }
      var like = document.createElement("button");
      like.type = "button";
      like.className = "ps-facet-like";
      like.textContent = "like this";
      like.setAttribute("aria-label", "like this: list the papers most related to " + paper[1] + " first");
      like.addEventListener("click", function () { sortByRelatedness(paper); });
      item.appendChild(like);
      // The gist, from the list's data (papersite-browse.js), as the unfiltered list shows it.
      var gist = document.createElement("span");
      gist.className = "ps-gist";
      item.appendChild(gist);
      if (window.papersiteBrowse && window.papersiteBrowse.gist) {
        window.papersiteBrowse.gist(paper.number).then(function (text) { gist.textContent = text; });
      }
      part.appendChild(item);
    });
    results.appendChild(part);
    drawn = Math.min(matching.length, drawn + SHOWN_PAPERS);
    more.hidden = drawn >= matching.length;
    more.textContent = "Show " + Math.min(SHOWN_PAPERS, matching.length - drawn) + " more";
    results.dispatchEvent(new CustomEvent("papersite:entries", {bubbles: true}));
  }

  function choose(value) {
    if (chosen.indexOf(value) < 0) {
      chosen.push(value);
    }
    update();
  }

  open.addEventListener("click", function () {
    if (body.hidden) {
      show();
    } else {  // hidden filters filter nothing: the papers by area come back
      chosen = [];
      update();
      body.hidden = true;
      open.setAttribute("aria-expanded", "false");
      open.textContent = openLabel;
    }
  });
  /* A name as the filter compares it: lower case, accents off, "-" and "_" as spaces, each
     word's plural "s" off ("Diffusion model" is "diffusion models"). */
  function normal(name) {
    return name.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[\s_\-\u2010-\u2015]+/g, " ").trim().split(" ").map(function (word) {
        return word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
      }).join(" ");
  }

  /* The values a typed name may mean, best first: a name or other name (synonym, short name)
     it spells exactly, then those it begins, then those with a word it begins; more papers first. */
  function candidates(typed) {
    var wanted = normal(typed);
    if (!wanted) {
      return [];
    }
    var found = [];
    data.values.forEach(function (entry, number) {
      var best = null;
      [entry[1]].concat(entry[3] || []).forEach(function (name, synonym) {
        var spelled = normal(name);
        var rank = spelled === wanted ? 0 : spelled.indexOf(wanted) === 0 ? 1
          : (" " + spelled).indexOf(" " + wanted) >= 0 ? 2 : 3;
        if (rank < 3 && (!best || rank < best.rank)) {
          best = {number: number, rank: rank, via: synonym ? name : ""};
        }
      });
      if (best) {
        found.push(best);
      }
    });
    return found.sort(function (a, b) {
      return a.rank - b.rank || data.values[b.number][2] - data.values[a.number][2];
    });
  }

  /* Offer what the typed name may mean; with one clear meaning (Enter), take it. */
  function suggest(take) {
    var typed = input.value.trim();
    suggestions.textContent = "";
    if (!data || !typed) {
      return;
    }
    var found = candidates(typed);
    var exact = found.filter(function (item) { return item.rank === 0; });
    var best = exact.length ? exact : found.filter(function (item) { return item.rank === found[0].rank; });
    if (take && best.length === 1) {
      input.value = "";
      choose(best[0].number);
      return;
    }
    if (!found.length) {
      suggestions.textContent = "No " + kindsOffered() + " matches “" + typed + "”.";
      return;
    }
    if (exact.length > 1) {
      suggestions.append("“" + typed + "” names " + exact.map(function (item) {
        return "a" + (/^[aeiou]/.test(KIND_NAMES[data.kinds[data.values[item.number][0]]]) ? "n " : " ") +
          KIND_NAMES[data.kinds[data.values[item.number][0]]];
      }).join(" and ") + ": choose one. ");
    }
    (exact.length > 1 ? exact : found.slice(0, SHOWN_VALUES)).forEach(function (item) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ps-facet-value ps-facet-suggestion";
      button.dataset.value = data.kinds[data.values[item.number][0]] + ":" + data.values[item.number][1];
      button.append(describe(item.number) + (item.via ? " (" + item.via + ")" : "") + " ");
      var number = document.createElement("span");
      number.className = "ps-count";
      number.textContent = data.values[item.number][2];
      button.appendChild(number);
      button.addEventListener("click", function () {
        input.value = "";
        suggestions.textContent = "";
        choose(item.number);
      });
      suggestions.appendChild(button);
    });
  }

  function kindsOffered() {
    var held = data.kinds.filter(function (kind, number) {
      return data.values.some(function (entry) { return entry[0] === number; });
    }).map(function (kind) { return KIND_NAMES[kind]; });
    return held.length > 1 ? held.slice(0, -1).join(", ") + " or " + held[held.length - 1] : held[0];
  }

  input.addEventListener("input", function () { suggest(false); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      suggest(true);
    }
  });
  sortBy.addEventListener("change", function () { if (data) { update(); } });
  more.addEventListener("click", drawMore);

  // A shared address opens the list as it was filtered.
  var shared = /^#filter=(.+)$/.exec(window.location.hash);
  if (shared) {
    show().then(function () {
      chosen = shared[1].split("&").map(function (part) {
        return data.byName[decodeURIComponent(part)];
      }).filter(function (value) { return value !== undefined; });
      update();
    });
  }
})();

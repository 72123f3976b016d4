/* papersite: the papers page's list of every paper, drawn only where the reader looks.
 *
 * The page holds a box as tall as the whole list (every row is as tall as the next, so the page
 * does not jump while it scrolls) and its first rows. This script loads the list's order
 * (papers/browse.js, made by generator/render/browse.py) and draws the rows in view, loading the
 * titles and gists of a chunk of papers when its rows come near. Three orders: by area and topic
 * (with their headings), in list order, and each area's most distinctive papers first. The search
 * box narrows the list to the papers whose title, gist, area or topic hold every word typed.
 * Other scripts ask for a paper's gist through window.papersiteBrowse.gist(number).
 */
(function () {
  "use strict";

  var box = document.querySelector("[data-ps-browse]");
  if (!box) {
    return;
  }
  var MARGIN = 12;  // rows drawn above and below the view, so a quick scroll shows no gap
  var section = box.closest(".ps-browse");
  var controls = section.querySelector(".ps-browse-controls");
  var query = section.querySelector(".ps-browse-search");
  var sortBy = section.querySelector(".ps-browse-sort");
  var status = section.querySelector(".ps-browse-status");
  var base = box.dataset.psBrowse.replace(/[^/]*$/, "");
  var index = null, chunks = {}, waiting = {}, view = [], drawnKey = "";
  var probe = section.querySelector(".ps-browse-probe");

  function loadScript(src) {
    var script = document.createElement("script");
    script.src = src;
    document.body.appendChild(script);
  }

  var ready = new Promise(function (resolve) {
    window.papersiteBrowse = function (value) { resolve(value); };
    loadScript(box.dataset.psBrowse);
  });

  window.papersiteBrowseChunk = function (number, entries) {
    chunks[number] = entries;
    (waiting[number] || []).forEach(function (done) { done(); });
    delete waiting[number];
    schedule();
  };

  function loadChunk(number) {
    if (chunks[number]) {
      return Promise.resolve();
    }
    return new Promise(function (resolve) {
      if (!waiting[number]) {
        waiting[number] = [];
        loadScript(base + "browse-" + number + ".js");
      }
      waiting[number].push(resolve);
    });
  }

  function loadAll() {
    var all = [];
    for (var number = 0; number * index.chunk < index.papers; number++) {
      all.push(loadChunk(number));
    }
    return Promise.all(all);
  }

  function entry(position) {
    var chunk = chunks[Math.floor(position / index.chunk)];
    return chunk && chunk[position % index.chunk];
  }

  /* The rows of an order: display positions, with headings where the order groups them. */
  function rowsOf(positions, headings) {
    var rows = [], area = -1, topic = -1;
    positions.forEach(function (position) {
      var row = index.rows[position];
      if (headings && row[0] !== area) {
        area = row[0];
        topic = -1;
        rows.push({kind: "area", text: index.areas[area]});
      }
      if (headings === "topics" && row[1] !== topic) {
        // "Other topics" only after another topic of the area (as browse.py's first rows)
        if (row[1] !== index.noTopic || topic >= 0) {
          rows.push({kind: "topic", text: index.topics[row[1]]});
        }
        topic = row[1];
      }
      rows.push(position);
    });
    return rows;
  }

  function defaultPositions() {
    return index.rows.map(function (row, position) { return position; });
  }

  /* Words as the search compares them: lower case, accents off, a hyphen joins. */
  function words(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/(\w)[-\u2010\u2011](?=\w)/g, "$1").split(/[^\w]+/).filter(Boolean);
  }

  function matches(position, wanted) {
    var found = entry(position), row = index.rows[position];
    var held = words(found[1] + " " + found[3] + " " + index.areas[row[0]] + " " + index.topics[row[1]]);
    var joined = " " + held.join(" ");
    return wanted.every(function (word) {
      return joined.indexOf(" " + word) >= 0 || held.join("").indexOf(word) >= 0 && word.length > 5;
    });
  }

  function update() {
    var order = sortBy.value;
    var positions = order === "input" ? index.input : order === "distinct" ? index.distinct
      : defaultPositions();
    var wanted = words(query.value);
    if (!wanted.length) {
      view = rowsOf(positions, order === "input" ? null : order === "distinct" ? "areas" : "topics");
      status.textContent = index.papers + (index.papers === 1 ? " paper" : " papers");
      return resize();
    }
    status.textContent = "Searching…";
    return loadAll().then(function () {
      var found = positions.filter(function (position) { return matches(position, wanted); });
      view = rowsOf(found, order === "input" ? null : "areas");
      status.textContent = found.length ? found.length + (found.length === 1 ? " paper" : " papers") +
        " with every word of “" + query.value.trim() + "”" : "No paper has every word of “" +
        query.value.trim() + "”";
      resize();
    });
  }

  function resize() {
    box.style.setProperty("--ps-rows", view.length);
    drawnKey = "";
    draw();
  }

  /* A row's height in pixels: the style gives it in rem, which Material scales with the screen. */
  function rowHeight() {
    return probe.getBoundingClientRect().height || 1;
  }

  var pending = false;
  function schedule() {
    if (!pending && index) {
      pending = true;
      window.requestAnimationFrame(function () { pending = false; draw(); });
    }
  }

  function draw() {
    var height = rowHeight();
    var top = box.getBoundingClientRect().top;
    var first = Math.max(0, Math.floor(-top / height) - MARGIN);
    var last = Math.min(view.length, Math.ceil((window.innerHeight - top) / height) + MARGIN);
    var missing = [];
    for (var at = first; at < last; at++) {
      if (typeof view[at] === "number" && !entry(view[at])) {
        missing.push(Math.floor(view[at] / index.chunk));
      }
    }
    missing.forEach(loadChunk);
    var key = first + ":" + last + ":" + missing.length;
    if (key === drawnKey) {
      return;
    }
    drawnKey = key;
    var part = document.createDocumentFragment();
    for (at = first; at < last; at++) {
      part.appendChild(drawRow(view[at], at));
    }
    box.textContent = "";
    box.appendChild(part);
    // papersite-list.js gives each row its ☆ and marks the papers already opened.
    box.dispatchEvent(new CustomEvent("papersite:entries", {bubbles: true}));
  }

  function drawRow(item, at) {
    var row = document.createElement("div");
    row.className = "ps-browse-row";
    row.style.top = "calc(" + at + " * var(--ps-row))";
    if (typeof item !== "number") {
      row.classList.add("ps-browse-" + item.kind);
      row.setAttribute("role", "presentation");
      row.textContent = item.text;
      return row;
    }
    row.setAttribute("role", "listitem");
    var found = entry(item);
    if (!found) {
      row.classList.add("ps-browse-loading");
      row.textContent = "…";
      return row;
    }
    if (found[2]) {
      row.dataset.psDerived = "";  // for a saved paper's citation (papersite-list.js)
    }
    var link = document.createElement("a");
    link.href = index.href[0] + found[0] + index.href[1];
    link.textContent = found[1];
    row.appendChild(link);
    if (index.mixed && found[2]) {
      var mark = document.createElement("span");
      mark.className = "ps-derived";
      mark.title = "Title derived from the abstract by papersite; not the authors' title";
      mark.setAttribute("aria-label", "derived title");
      mark.textContent = "≈";
      row.appendChild(mark);
    }
    var gist = document.createElement("span");
    gist.className = "ps-gist";
    gist.textContent = found[3];
    row.appendChild(gist);
    return row;
  }

  /* Scroll to an area's heading (the jump links, and an address naming an area). */
  function jumpTo(area) {
    if (query.value || sortBy.value === "input") {
      query.value = "";
      sortBy.value = "area";
      update();
    }
    var at = view.findIndex(function (item) { return item.kind === "area" && item.text === area; });
    if (at >= 0) {
      window.scrollTo(0, window.scrollY + box.getBoundingClientRect().top + at * rowHeight());
    }
  }

  ready.then(function (value) {
    index = value;
    controls.hidden = false;
    var input = [];
    index.input.forEach(function (position, number) { input[number] = position; });
    window.papersiteBrowse = {
      /* The gist of the paper at `number` in list order (a promise). */
      gist: function (number) {
        var position = input[number];
        return loadChunk(Math.floor(position / index.chunk)).then(function () {
          return entry(position)[3];
        });
      }
    };
    return loadChunk(0);
  }).then(function () {
    update();
    section.querySelectorAll("[data-ps-area]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        jumpTo(link.dataset.psArea);
      });
    });
    window.addEventListener("scroll", schedule, {passive: true});
    window.addEventListener("resize", function () { drawnKey = ""; schedule(); });
  });

  var typing = null;
  query.addEventListener("input", function () {
    window.clearTimeout(typing);
    typing = window.setTimeout(update, 120);
  });
  sortBy.addEventListener("change", function () {
    // Another order starts at its top: the rows the reader was at are now elsewhere.
    if (controls.getBoundingClientRect().top < 0) {
      controls.scrollIntoView();
    }
    update();
  });
})();

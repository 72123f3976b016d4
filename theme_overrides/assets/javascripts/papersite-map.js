/* papersite: the topic map, zoomed, moved and searched (generator/charts.py draws it).
 *
 * Zoom with the buttons, the mouse wheel, or + and − once the map has the focus (0 goes back);
 * move with the arrow keys or by dragging. Dots and names keep their size on screen as the map
 * grows, so zoomed in the dots that overlapped stand apart (the map keeps their centres at least
 * a gap apart) and every one can be clicked or tapped. Words typed above the map light up the
 * papers whose titles have them all. Zoomed in, the topics name the islands within an area.
 * With thousands of dots, a turning wheel zooms the map alone, and the dots take their size once
 * it stops: sizing every dot restyles each one (0.1 s at 5,000, 0.7 s at 30,000).
 */
(function () {
  "use strict";

  var svg = document.querySelector("svg.ps-map");
  if (!svg) {
    return;
  }
  var MAX_ZOOM = 48, STEP = 1.6, MOVE = 0.2;  // MOVE: share of the view an arrow key moves it
  var box = svg.viewBox.baseVal;
  var WIDTH = box.width, HEIGHT = box.height;
  var view = {x: 0, y: 0, width: WIDTH, height: HEIGHT};
  var links = Array.prototype.slice.call(svg.querySelectorAll(".d a"));
  var titles = links.map(function (link) {
    var title = link.querySelector("title");
    return title ? title.textContent.toLowerCase() : "";
  });

  var tools = document.createElement("div");
  tools.className = "ps-map-tools";
  tools.innerHTML =
    '<input type="search" class="ps-map-search" aria-label="Light up the papers whose titles ' +
    'have these words" placeholder="Light up papers by title words">' +
    '<button type="button" class="md-button" data-zoom="in" aria-label="Zoom in">+</button>' +
    '<button type="button" class="md-button" data-zoom="out" aria-label="Zoom out">−</button>' +
    '<button type="button" class="md-button" data-zoom="reset">Whole map</button>' +
    '<span class="ps-map-found" aria-live="polite"></span>';
  svg.parentNode.parentNode.insertBefore(tools, svg.parentNode);
  var search = tools.querySelector(".ps-map-search");
  var found = tools.querySelector(".ps-map-found");
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("data-zoomable", "");
  show();
  window.addEventListener("resize", show);

  /* Show the view at the next frame (`draw`); dots and names are sized in screen pixels
     (--ps-k: the map units a pixel spans), a dot at least 3.5 px, at every zoom. */
  var drawing = false, sized = null, settling = 0, gesture = false;
  var MANY_DOTS = 2000, SETTLE_MS = 150;
  function show(inGesture) {  // once a frame: wheel and drag send many events a frame
    gesture = inGesture === true;
    if (!drawing) {
      drawing = true;
      window.requestAnimationFrame(draw);
    }
  }

  function draw() {
    drawing = false;
    svg.setAttribute("viewBox", [view.x, view.y, view.width, view.height].join(" "));
    var shown = svg.getBoundingClientRect().width || WIDTH;
    var scale = view.width / shown + "px";
    window.clearTimeout(settling);  // this view's size replaces any still to come
    if (scale === sized) {  // moved, not zoomed: the dots keep their size
      declutter();
    } else if (!gesture || links.length < MANY_DOTS) {
      resize(scale, shown);
    } else {
      // Sizing thousands of dots restyles every one (0.1 s at 5,000, 0.7 s at 30,000): while
      // the wheel turns, the dots grow with the map, and take their size once it stops.
      settling = window.setTimeout(function () { resize(scale, shown); }, SETTLE_MS);
    }
  }

  function resize(scale, shown) {
    var first = svg.querySelector(".d circle");
    var radius = first ? first.r.baseVal.value : 3;
    sized = scale;
    svg.style.setProperty("--ps-k", scale);
    svg.style.setProperty("--ps-rpx", Math.max(3.5, radius * shown / WIDTH));
    svg.toggleAttribute("data-zoomed", WIDTH / view.width >= 1.9);
    declutter();
  }

  /* Names keep their size on screen, so on a narrow screen some would run into others or out
     of the map: those are hidden; the areas (first in the map) go before the topics, larger
     before smaller. */
  function declutter() {
    var frame = svg.getBoundingClientRect(), kept = [];
    Array.prototype.forEach.call(svg.querySelectorAll(".l text"), function (text) {
      text.style.visibility = "";
      var box = text.getBoundingClientRect();
      if (!box.width) {
        return;  // not shown at this zoom
      }
      var clash = box.left < frame.left || box.right > frame.right || kept.some(function (other) {
        return box.left < other.right && other.left < box.right &&
          box.top < other.bottom && other.top < box.bottom;
      });
      if (clash) {
        text.style.visibility = "hidden";
      } else {
        kept.push(box);
      }
    });
  }

  /* Zoom by `factor` (> 1: in) keeping the map point (x, y) where it is on screen; `inGesture`:
     one of the many steps of a turning wheel. */
  function zoomAt(factor, x, y, inGesture) {
    var width = Math.min(WIDTH, Math.max(WIDTH / MAX_ZOOM, view.width / factor));
    var scale = width / view.width;
    view.x = x - (x - view.x) * scale;
    view.y = y - (y - view.y) * scale;
    view.width = width;
    view.height = HEIGHT * width / WIDTH;
    moveBy(0, 0, inGesture);
  }

  function moveBy(dx, dy, inGesture) {  // in map units, kept within the map
    view.x = Math.min(Math.max(view.x + dx, 0), WIDTH - view.width);
    view.y = Math.min(Math.max(view.y + dy, 0), HEIGHT - view.height);
    show(inGesture);
  }

  function centre() {
    return [view.x + view.width / 2, view.y + view.height / 2];
  }

  /* The map point under a screen point, in the view as it is (it is drawn a frame later). */
  function mapPoint(clientX, clientY) {
    var frame = svg.getBoundingClientRect();
    return [view.x + (clientX - frame.left) / frame.width * view.width,
            view.y + (clientY - frame.top) / frame.height * view.height];
  }

  tools.addEventListener("click", function (event) {
    var button = event.target.closest("[data-zoom]");
    if (!button) {
      return;
    }
    var middle = centre();
    if (button.dataset.zoom === "reset") {
      view = {x: 0, y: 0, width: WIDTH, height: HEIGHT};
      show();
    } else {
      zoomAt(button.dataset.zoom === "in" ? STEP : 1 / STEP, middle[0], middle[1]);
    }
  });

  svg.addEventListener("wheel", function (event) {
    event.preventDefault();
    var point = mapPoint(event.clientX, event.clientY);
    zoomAt(event.deltaY < 0 ? 1.25 : 0.8, point[0], point[1], true);
  }, {passive: false});

  svg.addEventListener("keydown", function (event) {
    var middle = centre();
    var keys = {
      "+": function () { zoomAt(STEP, middle[0], middle[1]); },
      "=": function () { zoomAt(STEP, middle[0], middle[1]); },
      "-": function () { zoomAt(1 / STEP, middle[0], middle[1]); },
      "0": function () { view = {x: 0, y: 0, width: WIDTH, height: HEIGHT}; show(); },
      ArrowLeft: function () { moveBy(-view.width * MOVE, 0); },
      ArrowRight: function () { moveBy(view.width * MOVE, 0); },
      ArrowUp: function () { moveBy(0, -view.height * MOVE); },
      ArrowDown: function () { moveBy(0, view.height * MOVE); }
    };
    if (event.target === svg && keys[event.key] && !event.altKey && !event.ctrlKey &&
        !event.metaKey) {
      event.preventDefault();
      keys[event.key]();
    }
  });

  // Dragging moves the map; a drag that ends on a dot does not open it.
  var drag = null, dragged = false;
  svg.addEventListener("pointerdown", function (event) {
    drag = {x: event.clientX, y: event.clientY, view: {x: view.x, y: view.y}};
    dragged = false;
  });
  svg.addEventListener("pointermove", function (event) {
    if (!drag) {
      return;
    }
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) {
      return;
    }
    dragged = true;
    var scale = view.width / svg.getBoundingClientRect().width;
    view.x = drag.view.x;
    view.y = drag.view.y;
    moveBy(-dx * scale, -dy * scale);
  });
  window.addEventListener("pointerup", function () { drag = null; });
  svg.addEventListener("click", function (event) {
    if (dragged) {
      event.preventDefault();
      dragged = false;
    }
  }, true);

  search.addEventListener("input", function () {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var hits = 0;
    links.forEach(function (link, index) {
      var hit = words.length > 0 && words.every(function (word) {
        return titles[index].indexOf(word) >= 0;
      });
      link.classList.toggle("ps-hit", hit);
      hits += hit;
    });
    svg.toggleAttribute("data-searching", words.length > 0);
    found.textContent = words.length ? hits + (hits === 1 ? " paper" : " papers") : "";
  });
})();
